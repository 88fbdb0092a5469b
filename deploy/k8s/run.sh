#!/usr/bin/env bash
# Run the shards, wait for all of them, then merge.   usage: deploy/k8s/run.sh [namespace]
set -euo pipefail
ns=${1:-default}
here=$(cd "$(dirname "$0")" && pwd)
kubectl -n "$ns" delete job perlagg-shards perlagg-merge --ignore-not-found
kubectl -n "$ns" apply -f "$here/shards-job.yaml"
kubectl -n "$ns" wait --for=condition=complete --timeout=24h job/perlagg-shards
kubectl -n "$ns" apply -f "$here/merge-job.yaml"
kubectl -n "$ns" wait --for=condition=complete --timeout=1h job/perlagg-merge
kubectl -n "$ns" logs job/perlagg-merge
