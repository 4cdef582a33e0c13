"""The plain CPython reference of `npm run bench`: bench/reference.mjs in Python (standard
library only). It computes only the retrieval metrics (precision@k, recall@k, hit@k, ndcg@k,
mrr; SPEC section 2, as src/metrics/retrieval.ts defines them) over an eval set CSV and a
predictions JSONL, and prints their means as JSON, then its peak RSS on stderr as the Node
references do.

    python3 bench/reference.py EVAL_SET.csv PREDICTIONS.jsonl 5,10
"""
import csv
import json
import math
import re
import resource
import sys

eval_set_path, predictions_path = sys.argv[1], sys.argv[2]
ks = [int(k) for k in (sys.argv[3] if len(sys.argv) > 3 else "5,10").split(",")]
graded = re.compile(r"^(.*?)(?::([0-3]))?$")

questions = {}
with open(eval_set_path, encoding="utf-8", newline="") as f:
    for r in csv.DictReader(f):
        grades = {}
        for part in r["relevant_doc_ids"].split("|"):
            if part == "":
                continue
            m = graded.match(part.strip())
            grade = 1 if m.group(2) is None else int(m.group(2))
            if grade > 0:
                grades[m.group(1)] = grade
        questions[r["id"]] = (grades, r["should_refuse"] == "true")

names = [f"{name}@{k}" for k in ks for name in ("precision", "recall", "hit", "ndcg")] + ["mrr"]
total = [0.0] * len(names)
count = [0] * len(names)


def add(j, v):
    total[j] += v
    count[j] += 1


def gain(grade, i):
    return (2**grade - 1) / math.log2(i + 2)


with open(predictions_path, encoding="utf-8") as f:
    for line in f:
        if line.strip() == "":
            continue
        p = json.loads(line)
        q = questions.get(p["id"])
        if q is None or (q[1] and not q[0]):
            continue
        grades = q[0]
        ranked = list(dict.fromkeys(p["retrieved_ids"]))
        ideal = sorted(grades.values(), reverse=True)
        j = 0
        for k in ks:
            hits = 0
            dcg = 0.0
            for i, doc in enumerate(ranked[:k]):
                if doc in grades:
                    hits += 1
                    dcg += gain(grades[doc], i)
            idcg = sum(gain(g, i) for i, g in enumerate(ideal[:k]))
            add(j, hits / k)
            if grades:
                add(j + 1, hits / len(grades))
            add(j + 2, 1 if hits > 0 else 0)
            if grades:
                add(j + 3, dcg / idcg)
            j += 4
        first = next((i for i, doc in enumerate(ranked) if doc in grades), -1)
        add(j, 0 if first == -1 else 1 / (first + 1))

means = {name: (None if count[j] == 0 else total[j] / count[j]) for j, name in enumerate(names)}
sys.stdout.write(json.dumps(means) + "\n")
sys.stderr.write(json.dumps({"code": 0, "maxRssMb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}) + "\n")
