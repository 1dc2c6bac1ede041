"""The conformance kit: the checks a variant plugin's own tests run
(:mod:`~framework.kit.conformance`, also a pytest plugin through the ``pytest11`` entry point),
so that any variant, built-in or third-party, is held to the same invariants.

It builds on the bots, the engine and below; nothing in the kernel imports it.
"""
