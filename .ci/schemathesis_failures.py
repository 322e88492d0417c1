"""The operations with failures in a Schemathesis NDJSON report, by check.

Usage: python3 .ci/schemathesis_failures.py test-output/schemathesis/admin.ndjson [--list CHECK]

Prints how many operations had a failure, how many failed each check, and
(with --list) each operation failing CHECK with the status and the `errors`
of its answers, so that failures can be grouped by cause (docs/openapi.md,
"The checks that are off, and --checks all"). A stateful step is counted
under the operation it called.
"""

import base64
import collections
import json
import sys


def failures(path):
    """{operation: {check: Counter(answer summary)}}"""
    found = collections.defaultdict(lambda: collections.defaultdict(collections.Counter))
    with open(path, encoding="utf-8") as report:
        for line in report:
            event = json.loads(line).get("ScenarioFinished")
            if not event:
                continue
            recorder = event["recorder"]
            for case_id, checks in recorder.get("checks", {}).items():
                for check in checks:
                    if check["status"] != "failure":
                        continue
                    case = recorder["cases"].get(case_id, {}).get("value", {})
                    operation = f"{case.get('method')} {case.get('path')}"
                    response = (recorder.get("interactions", {}).get(case_id) or {}).get("response") or {}
                    found[operation][check["name"]][summary(response)] += 1
    return found


def summary(response):
    status = response.get("status_code")
    try:
        body = json.loads(base64.b64decode((response.get("content") or {}).get("$base64", "")).decode())
    except (ValueError, UnicodeDecodeError):
        body = None
    if isinstance(body, dict) and isinstance(body.get("errors"), dict):
        fields = ", ".join(f"{k}: {v[0] if isinstance(v, list) and v else v}" for k, v in body["errors"].items())
        return f"{status} {fields}"[:160]
    if isinstance(body, dict) and "error" in body:
        return f"{status} {body['error']}"[:160]
    return str(status)


def main(argv):
    if not argv or argv[0].startswith("-"):
        print(__doc__.strip())
        return 2
    found = failures(argv[0])
    per_check = collections.Counter(check for checks in found.values() for check in checks)
    print(f"operations with a failure: {len(found)}")
    for check, count in per_check.most_common():
        print(f"  {check}: {count}")
    if len(argv) >= 3 and argv[1] == "--list":
        for operation in sorted(found):
            answers = found[operation].get(argv[2])
            if answers:
                print(f"{operation} => " + " || ".join(f"{a} x{n}" for a, n in answers.most_common(3)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
