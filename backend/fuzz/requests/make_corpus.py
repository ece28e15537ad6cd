#!/usr/bin/env python3
"""The seed corpus and dictionary of the coverage-guided request fuzzer (request_path_libfuzzer.cpp),
made from seeds.jsonl (make_seeds.py): one raw HTTP request per documented operation, whose caller is
named by a placeholder ($USER, $OPERATOR or $PLUGIN) that the fuzzer replaces with real credentials,
and a libFuzzer dictionary of the API's path segments, query and JSON names, header names and methods.

usage: make_corpus.py seeds.jsonl ../corpus/request_path request_path.dict
"""
import json
import os
import re
import sys


def raw_request(seed):
    lines = [f"{seed['method']} {seed['target']} HTTP/1.1", "Host: portal.example"]
    if seed["caller"]:
        lines.append(f"Authorization: Bearer {seed['caller']}")
    if seed["contentType"]:
        lines.append(f"Content-Type: {seed['contentType']}")
    body = seed["body"].encode()
    if body or seed["method"] != "GET":
        lines.append(f"Content-Length: {len(body)}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


def json_names(value, out):
    if isinstance(value, dict):
        for key, item in value.items():
            out.add(f'"{key}":')
            json_names(item, out)
    elif isinstance(value, list):
        for item in value:
            json_names(item, out)


def dictionary_entry(token):
    escaped = "".join(c if 32 <= ord(c) < 127 and c not in '"\\' else "".join(f"\\x{b:02X}" for b in c.encode())
                      for c in token)
    return f'"{escaped}"'


def main():
    seeds_file, corpus_dir, dict_file = sys.argv[1:4]
    seeds = [json.loads(line) for line in open(seeds_file, encoding="utf-8") if line.strip()]
    os.makedirs(corpus_dir, exist_ok=True)
    for name in os.listdir(corpus_dir):
        os.remove(os.path.join(corpus_dir, name))
    tokens = {"GET ", "POST ", "PUT ", "PATCH ", "DELETE ", "HEAD ", "OPTIONS ", " HTTP/1.1\r\n", " HTTP/1.0\r\n",
              "\r\n", "\r\n\r\n", "Content-Length: ", "Content-Type: application/json\r\n",
              "Content-Type: application/x-www-form-urlencoded\r\n", "Transfer-Encoding: chunked\r\n",
              "Accept-Encoding: gzip\r\n", "Authorization: Bearer ", "$USER", "$OPERATOR", "$PLUGIN",
              "Connection: close\r\n", "Expect: 100-continue\r\n", "If-None-Match: ", "Origin: ",
              "X-Request-Id: ", "%00", "%2F", "..", "?", "&", "=", "true", "false", "null", "[]", "{}", "-1",
              "1e309", "\"\\u0000\""}
    for index, seed in enumerate(seeds):
        slug = re.sub(r"[^a-z0-9]+", "-", seed["target"].split("?")[0].lower()).strip("-")[:60]
        with open(os.path.join(corpus_dir, f"{index:03d}-{seed['method'].lower()}-{slug}.http"), "wb") as out:
            out.write(raw_request(seed))
        path, _, query = seed["target"].partition("?")
        tokens.update(f"/{segment}" for segment in path.split("/") if segment)
        tokens.update(f"{pair.split('=')[0]}=" for pair in query.split("&") if pair)
        if seed["contentType"] == "application/json" and seed["body"]:
            json_names(json.loads(seed["body"]), tokens)
    with open(dict_file, "w", encoding="ascii") as out:
        out.write("# Made by make_corpus.py from seeds.jsonl: edit that script, not this file.\n")
        for token in sorted(tokens):
            out.write(dictionary_entry(token) + "\n")


if __name__ == "__main__":
    main()
