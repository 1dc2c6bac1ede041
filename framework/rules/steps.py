"""Legal plays and their reasons from one definition: a rule set's decision steps.

A rule set says once how a player's legal plays are decided: an ordinary Python function over
bitmasks, ``decide(hand, trick, best, partner_wins)``, whose every ``return`` names the
**step** that decided and gives its reason::

    from framework.api import legal_steps, step

    def suit_rules(trump: int, above: tuple[int, ...]) -> LegalSteps:
        trumps = SUIT_MASKS[trump]

        @legal_steps
        def decide(hand: int, trick: tuple[int, ...], best: int, partner_wins: bool) -> int:
            led = SUIT_OF[trick[0]]
            follow = hand & SUIT_MASKS[led]
            if follow:
                return step(follow, "follow", _("you must follow suit ({suit})", suit=SUITS[led]))
            mine = hand & trumps
            if not mine:
                return step(hand, "discard", _("you have no trump: any card may be played"))
            return (step(mine & above[best], "overtrump", _("you must overtrump {best}",
                                                            best=DECK.format(best)))
                    or step(mine, "undertrump", _("you cannot overtrump: play a trump")))

        return decide

:func:`legal_steps` reads the function's source once and compiles two functions from it:

- :attr:`LegalSteps.legal`, the hot path: every ``step(mask, name, reason)`` becomes ``mask``,
  so the reasons are never built and the function is the plain bitmask code you would write by
  hand (the same bytecode, the same closure over the rule set's tables: no call per step);
- :attr:`LegalSteps.decide`, for a player: every step returns a :class:`Decision`, the step's
  name, its reason (a :class:`~framework.core.messages.Message` in the variant's own catalog) and
  its mask; :attr:`LegalSteps.explain` is its reason alone.

So the rule and its reason are said once, and the two can never disagree. A variant hands the
result to the kernel with
:class:`PlayRules <framework.rules.tricks.PlayRules>`.

Rules for a step function (checked when it is compiled, :class:`StepError` otherwise):

- it takes the four positional parameters of :data:`~framework.rules.tricks.LegalPlays`;
- every ``return`` is a step: ``step(mask, "name", reason)``, ``step(...) or step(...)`` (the
  first non-empty mask decides, as ``a or b`` does on masks) or ``step(...) if c else
  step(...)``; ``step`` is called nowhere else;
- a step's name is a string literal, an identifier (``follow``, ``overtrump``,
  ``partner_winning``...): the name says which rule decided; the same name may end several
  branches;
- its reason is any expression, evaluated only when explaining (with the mask non-empty); a
  reason that depends on the plays the step allows is a function of them, ``lambda legal:
  ...`` (called with the step's mask), so the mask is written once, in the rule;
- the function's source must be readable (:func:`inspect.getsource`): plugins are installed
  as ``.py`` files, which is pip's default.

Called directly, the undecorated function still works (``step`` returns its mask), which is what
type checkers and doctests see.
"""

from __future__ import annotations

import ast
import inspect
import linecache
import textwrap
import types
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["Decision", "LegalSteps", "StepError", "legal_steps", "step"]

_STEP = "step"
_MASK = "_step_mask"

DecideFunction = Callable[[int, tuple[int, ...], int, bool], int]


def step(mask: int, name: str, reason: str | Callable[[int], str]) -> int:
    """One decision of a step function: the legal plays ``mask``, the step ``name`` and its
    ``reason`` for a player (or a function of the mask giving it). Only meaningful inside a
    function decorated with :func:`legal_steps` (which compiles it away); called directly it
    returns ``mask``."""
    return mask


@dataclass(frozen=True)
class Decision:
    """Which step decided a position's legal plays, and why.

    :param step: the step's name (``"overtrump"``).
    :param reason: its reason for a player, usually a :class:`~framework.core.messages.Message`.
    :param legal: the legal plays, a bitmask (the same as the rule set's ``legal``).
    """

    step: str
    reason: str
    legal: int


class StepError(TypeError):
    """A step function that :func:`legal_steps` cannot compile, with where and why."""


@dataclass(frozen=True)
class LegalSteps:
    """A rule set's legal plays and their reasons, compiled from one step function.

    :param legal: ``legal(hand, trick, best, partner_wins) -> mask``: the hot path.
    :param decide: ``decide(hand, trick, best, partner_wins) -> Decision``.
    :param names: the step names, in the order the source says them (each once).
    """

    legal: DecideFunction
    decide: Callable[[int, tuple[int, ...], int, bool], Decision]
    names: tuple[str, ...]

    def explain(self, hand: int, trick: tuple[int, ...], best: int, partner_wins: bool) -> str:
        """The reason of the step that decides this position."""
        return self.decide(hand, trick, best, partner_wins).reason


@dataclass(frozen=True)
class _Compiled:
    legal: types.CodeType
    explain: types.CodeType
    names: tuple[str, ...]


_COMPILED: dict[types.CodeType, _Compiled] = {}


def legal_steps(fn: DecideFunction) -> LegalSteps:
    """Compile a step function (see the module documentation) into :class:`LegalSteps`.

    The source is read and compiled once per function; a step function nested in a factory
    (closing over one contract's tables) costs, per factory call, only the two function objects.

    :raises StepError: when a ``return`` is not a step, a step's name is not a literal
        identifier, or the source cannot be read.
    """
    code = fn.__code__
    compiled = _COMPILED.get(code)
    if compiled is None:
        compiled = _COMPILED[code] = _compile(fn)
    closure = dict(zip(code.co_freevars, fn.__closure__ or (), strict=True))

    def make(inner: types.CodeType) -> Callable[..., Any]:
        cells = tuple(closure[name] for name in inner.co_freevars)
        made = types.FunctionType(inner, fn.__globals__, fn.__name__, fn.__defaults__, cells)
        made.__qualname__ = fn.__qualname__
        made.__doc__ = fn.__doc__
        made.__module__ = fn.__module__
        return made

    legal: DecideFunction = make(compiled.legal)
    raw = make(compiled.explain)
    where = f"{fn.__module__}.{fn.__qualname__}"

    def decide(hand: int, trick: tuple[int, ...], best: int, partner_wins: bool) -> Decision:
        found = raw(hand, trick, best, partner_wins)
        if not found:
            raise StepError(f"{where}: no step decided (every step's mask was empty)")
        mask, name, reason = found
        return Decision(name, reason(mask) if callable(reason) else reason, mask)

    decide.__doc__ = f"The step of {where} that decides a position, and its reason."
    return LegalSteps(legal, decide, compiled.names)


# ---- the compiler ----------------------------------------------------------------------------


def _compile(fn: DecideFunction) -> _Compiled:
    where = f"{fn.__module__}.{fn.__qualname__}"
    # The function's own lines, read through linecache (inspect.getsourcelines would first map
    # every loaded module to its file, which costs more than the whole compilation).
    code = fn.__code__
    filename, first = code.co_filename, code.co_firstlineno
    lines = linecache.getlines(filename, fn.__globals__)
    if not lines or first > len(lines):
        raise StepError(
            f"{where}: the source of a step function must be readable ({filename} not found)"
        )
    source = textwrap.dedent("".join(inspect.getblock(lines[first - 1 :])))

    def parse() -> ast.FunctionDef:
        """The function's tree, without its decorators and annotations (for type checkers,
        and they may name imports made only under TYPE_CHECKING). Parsed afresh for each
        compilation: cheaper than copying a tree."""
        tree = ast.parse(source)
        func = tree.body[0]
        if not isinstance(func, ast.FunctionDef):
            raise StepError(f"{where}: legal_steps decorates a function (def)")
        ast.increment_lineno(tree, first - 1)
        func.decorator_list = []
        func.returns = None
        for arg in func.args.posonlyargs + func.args.args:
            arg.annotation = None
        return func

    func = parse()
    args = func.args
    if len(args.posonlyargs) + len(args.args) != 4 or args.vararg or args.kwarg or args.kwonlyargs:
        raise StepError(f"{where}: a step function takes (hand, trick, best, partner_wins)")
    found: list[tuple[int, int, str]] = []
    _Checker(where, found).check(func)
    names = [name for _line, _col, name in sorted(found)]
    legal = _inner_code(_Rewrite(explain=False).visit_function(func), fn, filename)
    explain = _inner_code(_Rewrite(explain=True).visit_function(parse()), fn, filename)
    return _Compiled(legal, explain, tuple(dict.fromkeys(names)))


def _is_step(node: ast.expr) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == _STEP


class _Checker(ast.NodeVisitor):
    """Every return is a decision; ``step`` is called nowhere else; names are literals."""

    def __init__(self, where: str, names: list[tuple[int, int, str]]) -> None:
        self.where = where
        self.names = names
        self.allowed: set[int] = set()

    def check(self, func: ast.FunctionDef) -> None:
        for node in ast.walk(func):
            if isinstance(node, ast.Return):
                self._decision(node.value, node)
        for node in func.body:
            self.visit(node)
        if not self.names:
            raise StepError(f"{self.where}: a step function returns step(mask, name, reason)")

    def _fail(self, node: ast.AST, why: str) -> StepError:
        return StepError(f"{self.where}, line {getattr(node, 'lineno', '?')}: {why}")

    def _decision(self, node: ast.expr | None, at: ast.AST) -> None:
        if node is None:
            raise self._fail(at, "return without a step")
        if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or):
            for value in node.values:
                self._decision(value, at)
        elif isinstance(node, ast.IfExp):
            self._decision(node.body, at)
            self._decision(node.orelse, at)
        elif _is_step(node):
            assert isinstance(node, ast.Call)
            if len(node.args) != 3 or node.keywords:
                raise self._fail(node, "step takes three arguments: step(mask, name, reason)")
            name = node.args[1]
            if not (
                isinstance(name, ast.Constant)
                and isinstance(name.value, str)
                and name.value.isidentifier()
            ):
                raise self._fail(
                    node, "a step's name is a string literal, an identifier such as 'overtrump'"
                )
            self.names.append((node.lineno, node.col_offset, name.value))
            self.allowed.add(id(node))
        else:
            raise self._fail(
                at,
                "every return is a step: step(mask, name, reason), "
                "step(...) or step(...), or step(...) if ... else step(...)",
            )

    def visit_Call(self, node: ast.Call) -> None:
        if _is_step(node) and id(node) not in self.allowed:
            raise self._fail(node, "step(...) is only returned, never used in an expression")
        self.generic_visit(node)


class _Rewrite(ast.NodeTransformer):
    def __init__(self, explain: bool) -> None:
        self.explain = explain

    def visit_function(self, func: ast.FunctionDef) -> ast.FunctionDef:
        """Rewrite ``func`` in place (its locations are fixed when compiled)."""
        done = self.visit(func)
        assert isinstance(done, ast.FunctionDef)
        return done

    def visit_Call(self, node: ast.Call) -> ast.AST:
        if not _is_step(node):
            return self.generic_visit(node)
        name = node.args[1]
        mask: ast.expr = self.visit(node.args[0])
        reason: ast.expr = self.visit(node.args[2])
        if not self.explain:
            return mask
        # (mask, name, reason) if (_step_mask := mask) else 0: the reason is built only for
        # the step that decides, and "a or b" keeps its meaning on masks.
        found = ast.Tuple([ast.Name(_MASK, ast.Load()), name, reason], ast.Load())
        test = ast.NamedExpr(ast.Name(_MASK, ast.Store()), mask)
        return ast.copy_location(ast.IfExp(test, found, ast.Constant(0)), node)


def _inner_code(func: ast.FunctionDef, fn: DecideFunction, filename: str) -> types.CodeType:
    """Compile ``func`` inside a factory whose parameters are ``fn``'s free variables, so the
    inner function closes over the same names; return the inner function's code."""
    free = fn.__code__.co_freevars
    factory = ast.parse(f"def _steps_factory({', '.join(free)}):\n    pass").body[0]
    assert isinstance(factory, ast.FunctionDef)
    factory.body = [func, ast.Return(ast.Name(func.name, ast.Load()))]
    module = ast.Module([factory], type_ignores=[])
    ast.copy_location(factory, func)
    ast.fix_missing_locations(module)
    code = compile(module, filename, "exec")
    outer = next(c for c in code.co_consts if isinstance(c, types.CodeType))
    return next(
        c for c in outer.co_consts if isinstance(c, types.CodeType) and c.co_name == func.name
    )
