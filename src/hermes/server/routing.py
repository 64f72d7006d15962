"""Endpoints declared once, as data: the router is built from them and so is /openapi.json.

A plain Starlette router keeps per-request overhead and memory low (no dependency injection, no
per-request validation layers); request bodies are pydantic models validated by the handlers,
and the same models document the bodies in the OpenAPI document.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

from pydantic import BaseModel, ValidationError

from hermes.server.errors import ApiError

Handler = Callable[..., Awaitable[Any]]

_PARAM = re.compile(r"{(\w+)}")

SESSION_HEADERS = {
    "X-Hermes-Session-Id": {"type": "string", "maxLength": 256,
                            "description": "Continue this stored session (created on first use). "
                                           "Without it every request starts a fresh session, whose id "
                                           "comes back in the same response header."},
    "X-Hermes-Session-Key": {"type": "string", "maxLength": 256,
                             "description": "Long-term memory scope of a new session (default: its id)."},
}


@dataclass
class Endpoint:
    method: str
    path: str
    handler: Handler
    summary: str
    tag: str
    body: type[BaseModel] | None = None
    query: dict[str, dict[str, Any]] = field(default_factory=dict)
    headers: dict[str, dict[str, Any]] = field(default_factory=dict)
    responses: dict[int, str] = field(default_factory=dict)
    auth: bool = True


def parse_body(model: type[BaseModel], raw: bytes) -> Any:
    """Validate a JSON body; problems become a 400 naming the first bad field."""
    if not raw.strip():
        raise ApiError(400, "The request body is empty; send a JSON object.", code="invalid_json")
    try:
        return model.model_validate_json(raw)
    except ValidationError as e:
        errs = e.errors(include_url=False, include_context=False, include_input=False)
        first = errs[0] if errs else {"loc": (), "msg": "invalid body", "type": ""}
        if first.get("type") in ("json_invalid", "json_type"):
            raise ApiError(400, "The request body is not valid JSON (or not a JSON object).",
                           code="invalid_json") from None
        loc = ".".join(str(p) for p in first.get("loc", ()))
        msg = f"{loc}: {first.get('msg')}" if loc else str(first.get("msg"))
        if len(errs) > 1:
            msg += f" (and {len(errs) - 1} more problem{'s' if len(errs) > 2 else ''})"
        raise ApiError(400, f"Invalid request body: {msg}", code="invalid_request_body",
                       param=loc or None) from None


def query_int(params: Any, name: str, default: int, lo: int, hi: int) -> int:
    raw = params.get(name)
    if raw is None or raw == "":
        return default
    try:
        v = int(raw)
    except ValueError:
        raise ApiError(400, f"{name} must be an integer", param=name) from None
    if not lo <= v <= hi:
        raise ApiError(400, f"{name} must be between {lo} and {hi}", param=name)
    return v


_ERROR_SCHEMA = {"type": "object", "properties": {"error": {"type": "object", "properties": {
    "message": {"type": "string"}, "type": {"type": "string"},
    "param": {"type": ["string", "null"]}, "code": {"type": ["string", "null"]}}}}}


def openapi_document(endpoints: list[Endpoint], *, title: str, version: str) -> dict[str, Any]:
    paths: dict[str, dict[str, Any]] = {}
    schemas: dict[str, Any] = {"Error": _ERROR_SCHEMA}
    for ep in endpoints:
        params: list[dict[str, Any]] = []
        for name in _PARAM.findall(ep.path):
            params.append({"name": name, "in": "path", "required": True,
                           "schema": {"type": "string", "minLength": 1, "maxLength": 256}})
        for name, schema in ep.query.items():
            s = dict(schema)
            desc = s.pop("description", None)
            required = s.pop("required", False)
            p = {"name": name, "in": "query", "required": required, "schema": s}
            if desc:
                p["description"] = desc
            params.append(p)
        for name, schema in ep.headers.items():
            s = dict(schema)
            desc = s.pop("description", None)
            p = {"name": name, "in": "header", "required": False, "schema": s}
            if desc:
                p["description"] = desc
            params.append(p)
        op: dict[str, Any] = {"summary": ep.summary, "tags": [ep.tag],
                              "operationId": f"{ep.method.lower()}_{_op_name(ep.path)}"}
        if params:
            op["parameters"] = params
        if ep.body is not None:
            schema = ep.body.model_json_schema(ref_template="#/components/schemas/{model}")
            for name, d in schema.pop("$defs", {}).items():
                schemas.setdefault(name, d)
            schemas[ep.body.__name__] = schema
            op["requestBody"] = {"required": True, "content": {"application/json": {
                "schema": {"$ref": f"#/components/schemas/{ep.body.__name__}"}}}}
        ok = [s for s in ep.responses if s < 300] or [200]
        responses: dict[str, Any] = {str(s): {"description": ep.responses.get(s, "OK")} for s in ok}
        for status, desc in ep.responses.items():
            if status >= 300:
                responses[str(status)] = {"description": desc, "content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/Error"}}}}
        op["responses"] = responses
        if not ep.auth:
            op["security"] = []
        paths.setdefault(ep.path, {})[ep.method.lower()] = op
    return {"openapi": "3.1.0", "info": {"title": title, "version": version},
            "paths": paths,
            "components": {"schemas": schemas,
                           "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}},
            "security": [{"bearer": []}]}


def _op_name(path: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", path.lower()).strip("_") or "root"
