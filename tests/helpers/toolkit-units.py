"""The units of a localization file as the Translate Toolkit (Weblate's format library) reads them.

Usage: python3 toolkit-units.py FORMAT PATH, where FORMAT is Sprog's format id. Prints a JSON object:
unit id -> [source, target, notes]. Exit status 3 when the toolkit is not installed.
"""
import contextlib
import io
import json
import sys

try:
    from translate.storage import aresource, factory, jsonl10n, po, properties, xliff
    from translate.storage import yaml as tyaml
except ImportError:
    sys.exit(3)

READERS = {
    "xml": aresource.AndroidResourceFile,
    "json": jsonl10n.JsonNestedFile,
    "yaml": tyaml.RubyYAMLFile,
    "po": po.pofile,
    "xliff": xliff.xlifffile,
}


def store_of(format_id, data):
    if format_id == "strings":
        utf16 = data.startswith((b"\xff\xfe", b"\xfe\xff"))
        return (properties.stringsfile if utf16 else properties.stringsutf8file).parsestring(data)
    reader = READERS.get(format_id)
    if reader is None:
        raise SystemExit(f"no reader for {format_id}")
    return reader.parsestring(data)


def main():
    format_id, path = sys.argv[1], sys.argv[2]
    units = {}
    # Some of the toolkit's readers print as they read (aresource's plurals): keep stdout for the answer.
    with contextlib.redirect_stdout(io.StringIO()):
        with open(path, "rb") as handle:
            store = store_of(format_id, handle.read())
        for unit in store.units:
            if unit.isheader():
                continue
            target = unit.target
            notes = (unit.getnotes() or "").strip()
            units[unit.getid()] = [str(unit.source), None if target is None else str(target), notes]
    json.dump(units, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
