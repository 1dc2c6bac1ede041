"""``python -m scorepad``: the same as ``atout serve``."""

from scorepad.cli import serve_command

serve_command(prog_name="python -m scorepad")
