#!/usr/bin/env bash
# A sharded perlagg run on Kubernetes: the volume claim (if missing), the Indexed Job of the shards, and when
# every shard has completed, the merge. It stops as soon as a job fails (exit 1, with the failed pods' last
# log lines) instead of waiting out its time limit. Everything is a parameter (environment variables,
# defaults in brackets):
#
#   IMAGE=registry.example.org/perlagg:0.1.0 DEALS=100000000 SHARDS=8 CPU=4 deploy/k8s/run.sh
#   deploy/k8s/run.sh render       # print the manifests with these parameters (for kubectl apply -f -, or a look)
#   deploy/k8s/run.sh merge        # run the merge alone (the shards completed earlier)
#
#   NAMESPACE      kubectl's namespace                                        [kubectl's current one]
#   IMAGE          the image, pinned by tag or digest (never latest)          [perlagg:<package version>]
#   NAME           the jobs are NAME-shards and NAME-merge                    [perlagg]
#   DEALS          deals in the whole run                                     [10000000]
#   SHARDS         shards = pods of the Indexed Job                           [4]
#   PARALLELISM    pods at a time                                             [SHARDS]
#   CPU            CPUs of each shard's pod (a whole number) = its workers    [2]
#   MEMORY         memory of each shard's pod                                 [512Mi + 192Mi a CPU]
#   RETRIES        retries of a failed pod, per shard (and of the merge)      [3]
#   OUT            the run's folder on the volume (under /results)            [/results/run]
#   PVC            the volume claim's name                                    [perlagg-results]
#   PVC_SIZE STORAGE_CLASS ACCESS_MODE   the claim, if made  [10Gi, the cluster's default, ReadWriteMany]
#   RULESET SEED   simulate's --ruleset and --seed                            [oberland, 20261130]
#   SIM_ARGS       more simulate options, split at spaces                     []
#   LOCK_LEASE     seconds before a retried pod takes over a dead pod's lock  [30]
#   TIMEOUT        seconds to wait for a job before giving up                 [86400]
#   POLL           seconds between looks at a job's state                     [10]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "deploy/k8s/run.sh: $*" >&2; exit 2; }
check() { [[ $2 =~ $3 ]] || fail "$1=$2: $4"; }
whole='^[1-9][0-9]*$'
dns='^[a-z0-9]([-a-z0-9]*[a-z0-9])?$'

version=$(sed -n 's/^  "version": "\(.*\)",$/\1/p' "$here/../../package.json" | head -1)
export IMAGE=${IMAGE:-perlagg:$version} NAME=${NAME:-perlagg} DEALS=${DEALS:-10000000} SHARDS=${SHARDS:-4}
export CPU=${CPU:-2} RETRIES=${RETRIES:-3} OUT=${OUT:-/results/run} PVC=${PVC:-perlagg-results} PVC_SIZE=${PVC_SIZE:-10Gi}
export STORAGE_CLASS=${STORAGE_CLASS:-} ACCESS_MODE=${ACCESS_MODE:-ReadWriteMany} RULESET=${RULESET:-oberland}
export SEED=${SEED:-20261130} SIM_ARGS=${SIM_ARGS:-} LOCK_LEASE=${LOCK_LEASE:-30} PARALLELISM=${PARALLELISM:-$SHARDS}
TIMEOUT=${TIMEOUT:-86400} POLL=${POLL:-10}
check IMAGE "$IMAGE" '^[a-zA-Z0-9./_-]+(:[a-zA-Z0-9._-]+)?(@sha256:[0-9a-f]{64})?$' 'not an image reference'
[[ $IMAGE =~ (:[a-zA-Z0-9._-]+|@sha256:[0-9a-f]{64})$ && ${IMAGE##*/} == *[:@]* ]] || fail "IMAGE=$IMAGE: pin a tag or digest (e.g. perlagg:$version)"
[[ $IMAGE != *:latest && $IMAGE != *:latest@* ]] || fail "IMAGE=$IMAGE: pin a version, not latest (the recipe pulls only if not present)"
check NAME "$NAME" "$dns" 'lower-case letters, digits and -'
check PVC "$PVC" "$dns" 'lower-case letters, digits and -'
check DEALS "$DEALS" "$whole" 'a whole number >= 1'
check SHARDS "$SHARDS" "$whole" 'a whole number >= 1'
check PARALLELISM "$PARALLELISM" "$whole" 'a whole number >= 1'
check CPU "$CPU" "$whole" 'a whole number of CPUs (workers = CPUs)'
check RETRIES "$RETRIES" '^[0-9]+$' 'a whole number >= 0'
check SEED "$SEED" '^[0-9]+$' 'a whole number >= 0'
check LOCK_LEASE "$LOCK_LEASE" '^[0-9]+(\.[0-9]+)?$' 'seconds'
check TIMEOUT "$TIMEOUT" "$whole" 'seconds'
check POLL "$POLL" '^[0-9]+(\.[0-9]+)?$' 'seconds'
check RULESET "$RULESET" '^[A-Za-z0-9_.,={}-]+$' 'a ruleset name (with overrides, no spaces)'
check OUT "$OUT" '^/results(/[A-Za-z0-9._-]+)+$' 'a folder under /results, where the volume is mounted'
check PVC_SIZE "$PVC_SIZE" '^[0-9]+(Ki|Mi|Gi|Ti|k|M|G|T)?$' 'a size such as 10Gi'
check ACCESS_MODE "$ACCESS_MODE" '^(ReadWriteMany|ReadWriteOnce|ReadWriteOncePod)$' 'ReadWriteMany (shards on several nodes), ReadWriteOnce or ReadWriteOncePod'
[[ -z $STORAGE_CLASS ]] || check STORAGE_CLASS "$STORAGE_CLASS" "$dns" 'a storage class name'
export MEMORY=${MEMORY:-$(( 512 + 192 * CPU ))Mi}
check MEMORY "$MEMORY" '^[0-9]+(Mi|Gi|M|G)$' 'a size such as 1Gi or 900Mi'

yaml_string() { local s=${1//\\/\\\\}; s=${s//\"/\\\"}; printf '"%s"' "$s"; }
vars=(NAME IMAGE DEALS SHARDS PARALLELISM CPU MEMORY RETRIES OUT PVC PVC_SIZE STORAGE_CLASS ACCESS_MODE RULESET SEED LOCK_LEASE)
# a template with the parameters filled in: ${VAR} replaced, "- @SIM_ARGS" one list item per word, an empty
# storageClassName (the cluster's default class) left out
render() {
  local line v w
  while IFS= read -r line || [[ -n $line ]]; do
    if [[ $line =~ ^([[:space:]]*)-\ @SIM_ARGS$ ]]; then
      for w in $SIM_ARGS; do printf '%s- %s\n' "${BASH_REMATCH[1]}" "$(yaml_string "$w")"; done
      continue
    fi
    for v in "${vars[@]}"; do line=${line//"\${$v}"/${!v}}; done
    [[ $line =~ ^[[:space:]]*storageClassName:[[:space:]]*$ ]] && continue
    printf '%s\n' "$line"
  done < "$1"
}
manifests() {
  render "$here/pvc.yaml"
  echo ---
  render "$here/shards-job.yaml"
  echo ---
  render "$here/merge-job.yaml"
}
if [[ ${1:-} == render ]]; then
  manifests
  exit 0
fi

kc() { if [[ -n ${NAMESPACE:-} ]]; then kubectl -n "$NAMESPACE" "$@"; else kubectl "$@"; fi; }
# Wait for a job to complete; stop at its first failure. Exit 1 with the failed pods' last lines.
wait_job() {
  local job=$1 t0=$SECONDS state
  while :; do
    state=$(kc get job "$job" -o jsonpath='{range .status.conditions[?(@.status=="True")]}{.type}{" "}{end}')
    case " $state " in
      *" Complete "*) echo "perlagg: job $job completed"; return 0 ;;
      *" Failed "* | *" FailureTarget "*)
        echo "perlagg: job $job failed: $(kc get job "$job" -o jsonpath='{.status.conditions[?(@.status=="True")].message}')" >&2
        kc get pods -l "job-name=$job" >&2 || true
        kc logs -l "job-name=$job" --tail=5 --prefix >&2 || true
        exit 1 ;;
    esac
    if (( SECONDS - t0 >= TIMEOUT )); then
      echo "perlagg: job $job has not completed in $TIMEOUT s (TIMEOUT); it keeps running: kubectl get job $job" >&2
      exit 1
    fi
    sleep "$POLL"
  done
}
render "$here/merge-job.yaml" > /dev/null # the templates render before anything is applied
if [[ ${1:-} != merge ]]; then
  if kc get pvc "$PVC" > /dev/null 2>&1; then
    echo "perlagg: using the volume claim $PVC"
  else
    render "$here/pvc.yaml" | kc apply -f -
  fi
  kc delete job "$NAME-shards" "$NAME-merge" --ignore-not-found
  render "$here/shards-job.yaml" | kc apply -f -
  wait_job "$NAME-shards"
else
  kc delete job "$NAME-merge" --ignore-not-found
fi
render "$here/merge-job.yaml" | kc apply -f -
wait_job "$NAME-merge"
kc logs "job/$NAME-merge"
