"""The copies under ``*_v1`` are run in their own processes by test_compat_examples.py (their
package names are those of the installed examples), never collected here."""

collect_ignore_glob = ["*_v1/*"]
