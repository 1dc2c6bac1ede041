"""The application: the ``atout`` command line.

The command group and its commands (:mod:`~framework.app.cli`): ``variants``, ``legal``,
``trick``, ``score``, ``simulate``, and the commands plugged in through the ``atout.commands``
entry points; ``duel`` (:mod:`~framework.app.duel`) and ``play`` at a terminal
(:mod:`~framework.app.play_cli`, drawing with :mod:`~framework.app.table`); what every command
reads from its command line (:mod:`~framework.app.cli_params`) and the language it speaks
(:mod:`~framework.app.language`).

It builds on every layer below it; nothing in the kernel imports it.
"""
