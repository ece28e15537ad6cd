#!/usr/bin/env python3
"""Seed requests for the request-path fuzzer (request_path_fuzz.cpp): one JSON line per operation of
docs/openapi.yaml, with the path's parameters, the required query parameters and the documented body
example filled in, and the caller the operation needs ($USER, $OPERATOR or $PLUGIN; the fuzzer puts
real credentials there).

usage: make_seeds.py docs/openapi.yaml > backend/fuzz/requests/seeds.jsonl
"""
import json
import re
import sys

import yaml

DEFAULTS = {"mode": "dm", "steamId": "76561197960361544", "id": "1", "orderNo": "P2026112500000001",
            "provider": "alipay", "name": "demo", "key": "demo", "region": "ap-shanghai", "code": "demo"}


def example_of(schema_or_param):
    if not isinstance(schema_or_param, dict):
        return None
    for key in ("example",):
        if key in schema_or_param:
            return schema_or_param[key]
    examples = schema_or_param.get("examples")
    if isinstance(examples, dict) and examples:
        first = next(iter(examples.values()))
        return first.get("value") if isinstance(first, dict) else first
    if isinstance(examples, list) and examples:
        return examples[0]
    schema = schema_or_param.get("schema")
    if isinstance(schema, dict):
        if "example" in schema:
            return schema["example"]
        if schema.get("enum"):
            return schema["enum"][0]
        if "default" in schema:
            return schema["default"]
    return None


def resolve(document, node):
    while isinstance(node, dict) and "$ref" in node:
        target = document
        for part in node["$ref"].lstrip("#/").split("/"):
            target = target[part]
        node = target
    return node


def main():
    document = yaml.safe_load(open(sys.argv[1]))
    for path, operations in document["paths"].items():
        shared = operations.get("parameters", [])
        for method, operation in operations.items():
            if method not in ("get", "post", "put", "patch", "delete"):
                continue
            query = []
            filled = path
            for parameter in shared + operation.get("parameters", []):
                parameter = resolve(document, parameter)
                value = example_of(parameter)
                if parameter.get("in") == "path":
                    value = DEFAULTS.get(parameter["name"], "1") if value is None else value
                    filled = filled.replace("{" + parameter["name"] + "}", str(value))
                elif parameter.get("in") == "query" and (parameter.get("required") or value is not None):
                    if value is not None:
                        query.append(f"{parameter['name']}={value}")
            filled = re.sub(r"\{(\w+)\}", lambda m: DEFAULTS.get(m.group(1), "1"), filled)
            if query:
                filled += "?" + "&".join(query)
            security = operation.get("security") or []
            caller = ""
            if any("serverKey" in s for s in security):
                caller = "$PLUGIN"
            elif any("bearer" in s for s in security):
                caller = "$OPERATOR" if path.startswith("/api/console") else "$USER"
            content_type, body = "", ""
            request_body = resolve(document, operation.get("requestBody"))
            if request_body:
                for media, content in request_body.get("content", {}).items():
                    value = example_of(content)
                    content_type = media
                    if value is None:
                        body = ""
                    elif media == "application/json":
                        body = json.dumps(value, ensure_ascii=False)
                    else:
                        body = value if isinstance(value, str) else json.dumps(value)
                    break
            print(json.dumps({"method": method.upper(), "target": filled, "caller": caller,
                              "contentType": content_type, "body": body}, ensure_ascii=False))


if __name__ == "__main__":
    main()
