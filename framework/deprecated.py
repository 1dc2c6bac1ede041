"""Every deprecation of atout, declared here and nowhere else.

A hook, a name of :mod:`framework.api` or an argument that is going away stays working, with a
warning, until the next major version, which removes it together with its entry here. Each
deprecation is one constant of this module: a warning instance whose message says what goes
and what replaces it (the shape of pytest's ``_pytest/deprecated.py``).

How a deprecation is used where the old thing is:

- a hook: on its spec, ``@hookspec(warn_on_impl=deprecated.SOME_HOOK)`` in
  :mod:`framework.rules.hookspecs`; pluggy warns, pointing at the plugin's function, when a plugin
  that implements it is registered;
- one argument of a hook: ``@hookspec(warn_on_impl_args={"name": deprecated.SOME_ARG})``;
  pluggy warns when an implementation takes that argument;
- a function, a method or an argument of the API: ``warnings.warn(deprecated.SOME_NAME,
  stacklevel=2)`` where it is called.

atout 1.0 removed everything that came before it, so no deprecation is declared yet. A test
checks that no other kernel module raises a ``DeprecationWarning`` of its own.
"""

from __future__ import annotations

__all__ = ["AtoutDeprecationWarning", "AtoutRemovedIn2Warning"]


class AtoutDeprecationWarning(DeprecationWarning):
    """A deprecation of atout: what it names still works, and will be removed."""


class AtoutRemovedIn2Warning(AtoutDeprecationWarning):
    """Something that atout 2.0 removes. Every deprecation declared during 1.x is one."""


# ---- the deprecations -------------------------------------------------------------------------
# (none yet; for example:
# SOME_HOOK = AtoutRemovedIn2Warning(
#     "atout_some_hook is deprecated: answer atout_other_hook instead (see docs/hooks.md)"
# ))
