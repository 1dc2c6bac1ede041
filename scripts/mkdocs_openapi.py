"""MkDocs hook: the HTTP API reference page and ``openapi.json``, both from scorepad/openapi.py.

``mkdocs.yml`` names this file under ``hooks:``. The page ``docs/api-reference.md`` holds the
marker ``<!-- openapi -->``, replaced at build time by every operation (parameters, request
body, responses) and every schema (fields, types, required, descriptions); the document itself
is added to the site as ``openapi.json``. Nothing is written into docs/.
"""

from __future__ import annotations

import json
from typing import Any

from mkdocs.structure.files import File

from scorepad.openapi import document

MARKER = "<!-- openapi -->"
PAGE = "api-reference.md"


def on_files(files: Any, config: Any) -> Any:
    files.append(
        File.generated(config, "openapi.json", content=json.dumps(document(), indent=2) + "\n")
    )
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    if page.file.src_uri != PAGE:
        return markdown
    return markdown.replace(MARKER, render(document()))


def _anchor(name: str) -> str:
    return "schema-" + name.lower()


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def type_of(schema: dict[str, Any]) -> str:
    """A schema in a few words, for a table cell (schemas are links to their section)."""
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        return f"[{name}](#{_anchor(name)})"
    if "anyOf" in schema:
        return " or ".join(type_of(s) for s in schema["anyOf"])
    if "enum" in schema:
        return "one of " + ", ".join("null" if v is None else f"`{v}`" for v in schema["enum"])
    kind = schema.get("type")
    if kind == "array":
        if "prefixItems" in schema:
            return "pair of " + ", ".join(type_of(s) for s in schema["prefixItems"])
        return "array of " + type_of(schema.get("items", {}))
    if kind == "object" and "properties" in schema:
        return "object: " + ", ".join(f"`{k}`" for k in schema["properties"])
    if isinstance(kind, list):
        return " or ".join(kind)
    return kind or "any"


def _fields(schema: dict[str, Any]) -> list[str]:
    required = set(schema.get("required", ()))
    lines = ["| field | type | | |", "|---|---|---|---|"]
    for name, sub in schema.get("properties", {}).items():
        desc = sub.get("description", "")
        if "anyOf" in sub:
            desc = desc or next((s.get("description", "") for s in sub["anyOf"]), "")
        lines.append(
            f"| `{name}` | {_cell(type_of(sub))} | "
            f"{'required' if name in required else 'optional'} | {_cell(desc)} |"
        )
    closed = schema.get("additionalProperties") is False
    lines.append("")
    lines.append("No other field." if closed else "Other fields may follow.")
    return lines


def render(doc: dict[str, Any]) -> str:
    """The reference as Markdown."""
    out: list[str] = []
    for path, item in doc["paths"].items():
        common = item.get("parameters", [])
        for method, op in item.items():
            if method == "parameters":
                continue
            out += [f"### `{method.upper()} {path}`", "", op.get("summary", ""), ""]
            if op.get("security"):
                out += ["Needs `Authorization: Bearer <edit_token>`.", ""]
            params = [*common, *op.get("parameters", [])]
            if params:
                out += ["| parameter | in | type | |", "|---|---|---|---|"]
                out += [
                    f"| `{p['name']}` | {p['in']} | {_cell(type_of(p['schema']))} | "
                    f"{_cell(p.get('description', ''))} |"
                    for p in params
                ]
                out.append("")
            body = op.get("requestBody")
            if body:
                for mime, content in body["content"].items():
                    out += [f"Body ({mime}): {type_of(content['schema'])}", ""]
            out += ["| status | | body |", "|---|---|---|"]
            for code, response in op["responses"].items():
                kinds = [
                    f"{type_of(c.get('schema', {}))} ({m})"
                    for m, c in response.get("content", {}).items()
                ]
                out.append(
                    f"| {code} | {_cell(response['description'])} | "
                    f"{_cell(', '.join(kinds)) or 'none'} |"
                )
            out.append("")
    out += ["## Schemas", ""]
    for name, schema in doc["components"]["schemas"].items():
        out += [f"### {name} {{#{_anchor(name)}}}", ""]
        if schema.get("description"):
            out += [schema["description"], ""]
        out += [*_fields(schema), ""]
    return "\n".join(out)
