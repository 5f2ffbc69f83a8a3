"""The ``pytest-safeagent`` command: data management and report tools outside a pytest run.

pytest-safeagent data fetch [--what dataset|scenes|all] [--dest DIR] [--base-url PATTERN]
pytest-safeagent data where
pytest-safeagent compare BASELINE.json CANDIDATE.json [...]
pytest-safeagent violations RESULTS.json [...]
pytest-safeagent html REPORT.json [-o PAGE.html] [--baseline OTHER.json]
pytest-safeagent merge SHARD.json... -o RUN.json [--html PAGE.html] [--gate EXPR] [--baseline OTHER.json]
pytest-safeagent merge --logs SHARD.jsonl... -o RUN.jsonl
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from pathlib import Path

from pytest_safeagent.cli.console import guarded

# Subcommands implemented in their own modules; their main(argv) gets the remaining arguments.
DELEGATED = {
    "compare": "pytest_safeagent.cli.compare",
    "violations": "pytest_safeagent.cli.violations",
    "html": "pytest_safeagent.cli.html",
    "merge": "pytest_safeagent.cli.merge",
}


def _data_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pytest-safeagent data", description="Find or download the pinned data files."
    )
    sub = parser.add_subparsers(dest="action", required=True)
    fetch = sub.add_parser("fetch", help="download the pinned files, verifying their sha256")
    fetch.add_argument("--what", choices=("dataset", "scenes", "upstream", "all"), default="all")
    fetch.add_argument(
        "--dest", type=Path, help="target directory (default: the user cache, where the plugin looks)"
    )
    fetch.add_argument(
        "--base-url", help="URL pattern with {name} or {remote}, for mirrors (default: the pinned upstream)"
    )
    fetch.add_argument("--timeout", type=float, default=60.0)
    sub.add_parser("where", help="show where the plugin looks for the data and what it finds")
    return parser


def _data(argv: list[str]) -> int:
    from pytest_safeagent.pinned.lookup import (
        KINDS,
        DataNotFound,
        FetchError,
        cache_root,
        fetch,
        resolve_data_dir,
    )

    args = _data_parser().parse_args(argv)
    kinds = [
        KINDS[name]()
        for name in (
            ("dataset", "scenes", "upstream") if getattr(args, "what", "all") == "all" else (args.what,)
        )
    ]
    if args.action == "where":
        for kind in kinds:
            try:
                print(f"{kind.key}: {resolve_data_dir(kind, None, {**os.environ, 'SAB_NO_DOWNLOAD': '1'})}")
            except DataNotFound as exc:
                print(f"{kind.key}: not found\n{exc}")
        return 0
    for kind in kinds:
        destination = args.dest / kind.cache_subdir if args.dest and len(kinds) > 1 else args.dest
        destination = destination or cache_root() / kind.cache_subdir
        print(f"{kind.key} -> {destination}")
        try:
            fetch(
                kind,
                destination,
                url_pattern=args.base_url,
                timeout=args.timeout,
                report=lambda line: print("  " + line),
            )
        except FetchError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
        print(
            f"  use it with {kind.option}={destination} or {kind.env_var}={destination}"
            if args.dest
            else "  the plugin finds it there by default"
        )
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    commands = ["data", *DELEGATED]
    if not argv or argv[0] in ("-h", "--help") or argv[0] not in commands:
        print(__doc__.strip())
        return 0 if argv and argv[0] in ("-h", "--help") else 2
    command, rest = argv[0], argv[1:]
    if command == "data":
        return _data(rest)
    return int(guarded(importlib.import_module(DELEGATED[command]).main, rest) or 0)


if __name__ == "__main__":
    sys.exit(main())
