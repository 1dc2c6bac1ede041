"""Russian Préférence (Преферанс), the variant plugin: ``docs/variants/preference.md``."""
