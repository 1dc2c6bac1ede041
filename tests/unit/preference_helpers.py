"""Préférence's rules for a preset and options, without loading the plugin."""

from __future__ import annotations

from typing import Any

from framework.core.options import resolve_rules
from variants.preference.declaration import OPTIONS, PRESETS

BY_NAME = {o.name: o for o in OPTIONS}
BY_PRESET = {p.name: p for p in PRESETS}


def rules(preset: str = "sochi", **overrides: Any):
    return resolve_rules("preference", BY_NAME, BY_PRESET, preset, overrides)
