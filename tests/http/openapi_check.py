"""Every response of the HTTP tests checked against the OpenAPI document (scorepad/openapi.py).

:class:`CheckedClient` is the test client of the ``app`` fixture: each response to a route the
document describes (``/api/...``, the exports, the QR code, a play table's state) must have a
documented status and content type, the documented headers, and a JSON body valid against the
response's schema (JSON Schema 2020-12, as OpenAPI 3.1 says, by ``jsonschema``). A request to a
path under ``/api/`` the document does not have must be a JSON 404 or 405 error.
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

from flask.testing import FlaskClient
from jsonschema import Draft202012Validator, FormatChecker
from werkzeug.test import TestResponse

from scorepad.openapi import document

__all__ = ["CheckedClient", "check_response", "operation_for"]


@cache
def _doc() -> dict[str, Any]:
    return document()


@cache
def _routes() -> list[tuple[re.Pattern[str], str]]:
    out = []
    for template in _doc()["paths"]:
        pattern = re.sub(r"\\\{[a-z_]+\\\}", "[^/]+", re.escape(template))
        out.append((re.compile(pattern + "$"), template))
    return out


def operation_for(path: str) -> str | None:
    """The document's path template that ``path`` falls under, if any."""
    for pattern, template in _routes():
        if pattern.match(path):
            return template
    return None


@cache
def _validator(pointer: str) -> Draft202012Validator:
    """A validator of the schema at ``pointer`` (its refs resolve into the document)."""
    schema: Any = _doc()
    for part in pointer.split("/"):
        schema = schema[part.replace("~1", "/").replace("~0", "~")]
    root = {**schema, "components": _doc()["components"]}
    return Draft202012Validator(root, format_checker=FormatChecker())


def _pointer(*parts: str) -> str:
    return "/".join(p.replace("~", "~0").replace("/", "~1") for p in parts)


def _error_body(response: TestResponse) -> None:
    assert response.mimetype == "application/json", (response.status, response.mimetype)
    errors = sorted(
        _validator(_pointer("components", "schemas", "Error")).iter_errors(response.get_json()),
        key=str,
    )
    assert not errors, f"{response.status}: {errors[0].message} in {response.get_json()}"


def check_response(method: str, path: str, response: TestResponse) -> None:
    """Assert that ``response`` (to ``method path``) is one the document describes."""
    template = operation_for(path)
    if template is None:
        if path.startswith("/api/"):
            assert response.status_code == 404, (method, path, response.status)
            _error_body(response)
        return
    item = _doc()["paths"][template]
    method = method.lower()
    if method in ("head", "options"):
        return  # answered by Flask itself, for every route
    if method not in item:
        # 400 is the answer to an untrusted Host, whatever the method
        assert response.status_code in (400, 405), (method, path, response.status)
        if response.status_code == 405:
            assert "Allow" in response.headers, f"{method.upper()} {path}: 405 without Allow"
        if path.startswith("/api/"):
            _error_body(response)
        return
    responses = item[method]["responses"]
    code = str(response.status_code)
    assert code in responses, (
        f"{method.upper()} {path} answered {response.status}, which "
        f"the document does not list for {template}: "
        f"{response.get_data(as_text=True)[:300]}"
    )
    spec = responses[code]
    for name, header in spec.get("headers", {}).items():
        if header.get("required"):
            assert name in response.headers, f"{method.upper()} {path}: no {name} header"
    content = spec.get("content")
    if not content:
        assert not response.get_data(), f"{method.upper()} {path} {code} has a body"
        return
    assert response.mimetype in content, (
        f"{method.upper()} {path} {code} is {response.mimetype}, not {sorted(content)}"
    )
    if response.mimetype != "application/json":
        return
    body = json.loads(response.get_data(as_text=True))
    validator = _validator(
        _pointer(
            "paths", template, method, "responses", code, "content", "application/json", "schema"
        )
    )
    errors = sorted(validator.iter_errors(body), key=lambda e: list(e.absolute_path))
    assert not errors, (
        f"{method.upper()} {path} {code}: {errors[0].message} at "
        f"{'/'.join(map(str, errors[0].absolute_path))}"
    )


class CheckedClient(FlaskClient):
    """Flask's test client, with every response checked by :func:`check_response`."""

    def open(self, *args: Any, **kwargs: Any) -> TestResponse:
        response = super().open(*args, **kwargs)
        request = response.request
        check_response(request.method, request.path, response)
        return response
