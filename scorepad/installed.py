"""The installed variants, as the scorepad offers them: each loaded once per process (code, not
state), a broken one left out."""

from __future__ import annotations

from framework.core.errors import PluginError
from framework.rules.plugins import Variant, broken_variant, load_variant, variant_names

__all__ = ["installed_variants", "variant"]


def _load(name: str) -> Variant:
    """Load ``name`` and check that its default rules and deal form can be built."""
    v = load_variant(name)
    try:
        v.hooks.record_fields(v.rules())
    except Exception as exc:  # a third-party plugin's bug, reported like a failed load
        raise broken_variant(name, exc) from exc
    return v


class _Installed:
    """:func:`variant`: each installed variant loaded once per process, and so is the error of
    one that cannot be (a broken plugin was loaded again on every page that lists the variants,
    6.6 ms a request). A name that is not installed is never remembered: any text may be asked.
    ``cache_clear()`` forgets them all (a test that installs a plugin)."""

    def __init__(self) -> None:
        self._loaded: dict[str, Variant | PluginError] = {}

    def __call__(self, name: str) -> Variant:
        """The installed variant ``name``, loaded once per process (code, not state).

        A variant whose default rules or deal form cannot be built is broken too: the scorepad
        neither offers it nor lets one of its hooks fail a page.

        :raises PluginError: if it is not installed or cannot be loaded.
        """
        found = self._loaded.get(name)
        if found is None:
            if name not in variant_names():
                return _load(name)  # raises: not installed, or disabled
            try:
                found = _load(name)
            except PluginError as exc:
                found = exc
            self._loaded[name] = found
        if isinstance(found, PluginError):
            raise found.with_traceback(None)  # (a fresh traceback each time, never a longer one)
        return found

    def cache_clear(self) -> None:
        """Forget every variant loaded and every error met."""
        self._loaded.clear()


variant = _Installed()


def installed_variants() -> list[Variant]:
    """Every installed variant that loads, in name order."""
    out = []
    for name in variant_names():
        try:
            out.append(variant(name))
        except PluginError:
            continue
    return out
