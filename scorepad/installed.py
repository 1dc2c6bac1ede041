"""The installed variants, as the scorepad offers them: each loaded once per process (code, not
state), a broken one left out."""

from __future__ import annotations

import functools

from framework.core.errors import PluginError
from framework.rules.plugins import Variant, broken_variant, load_variant, variant_names

__all__ = ["installed_variants", "variant"]


@functools.lru_cache(maxsize=64)
def variant(name: str) -> Variant:
    """The installed variant ``name``, loaded once per process (code, not state).

    A variant whose default rules or deal form cannot be built is broken too: the scorepad
    neither offers it nor lets one of its hooks fail a page.

    :raises PluginError: if it is not installed or cannot be loaded.
    """
    v = load_variant(name)
    try:
        v.hooks.record_fields(v.rules())
    except Exception as exc:  # a third-party plugin's bug, reported like a failed load
        raise broken_variant(name, exc) from exc
    return v


def installed_variants() -> list[Variant]:
    """Every installed variant that loads, in name order."""
    out = []
    for name in variant_names():
        try:
            out.append(variant(name))
        except PluginError:
            continue
    return out
