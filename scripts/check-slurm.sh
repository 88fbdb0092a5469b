#!/usr/bin/env bash
# The Slurm recipe (deploy/slurm) checked end to end on a real one-node Slurm (issue 29):
#   bash scripts/check-slurm.sh            (as root; about 2-4 minutes on 2 busy cores)
# It installs Debian's slurm-wlm and munge if missing, starts munged, slurmctld and slurmd inside a private
# network namespace that has only loopback (the daemons bind 0.0.0.0 and offer no bind option), runs one
# unsharded reference run, submits the recipe unedited through deploy/slurm/run.sh (with SBATCH_ARRAY_INX
# set in the environment, which must not turn the merge into an array), kills one shard's process mid-run
# and requeues it (it resumes), requeues a finished shard (it finds its run complete and exits 0), lets the
# merge run, reruns the merge, and compares the merged tables with the reference byte for byte. At the end
# (also on failure or Ctrl-C) it stops every daemon it started by its PID and deletes the namespace.
# Exit 0 when everything held; 1 with the reason otherwise. KEEP=1 keeps the work folder for a look.
#
#   DEALS (2400000), SHARDS (4), SEED (29), RULESET (oberland): the run to check.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
DEALS=${DEALS:-2400000} SHARDS=${SHARDS:-4} SEED=${SEED:-29} RULESET=${RULESET:-oberland}
say() { printf '[check-slurm %s] %s\n' "$(date +%H:%M:%S)" "$*"; }
die() { say "FAIL: $*"; exit 1; }
[[ $(id -u) == 0 ]] || die "run as root (apt-get, ip netns and the daemons need it)"

# ---- Debian's packages ----
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v sbatch >/dev/null || ! command -v munged >/dev/null; then
  say "installing slurm-wlm and munge (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -qq slurm-wlm munge >/dev/null 2>&1 || { apt-get update -qq >/dev/null && apt-get install -y -qq slurm-wlm munge >/dev/null; }
fi
if ! command -v nsenter >/dev/null || ! command -v ip >/dev/null; then die "needs ip (iproute2) and nsenter (util-linux)"; fi
say "$(slurmctld -V), munge $(munged -V 2>&1 | awk '{print $2; exit}')"

# ---- the work folder, the namespace, and cleaning up after both ----
WORK=$(mktemp -d /tmp/perlagg-slurm-check.XXXXXX)
NS=perlagg-slurm-$$
NSENTER=(nsenter "--net=/var/run/netns/$NS")
export SLURM_CONF=$WORK/etc/slurm.conf
cleanup() {
  local rc=$?
  set +e
  for d in slurmd slurmctld munged; do
    local pid
    pid=$(cat "$WORK/pids/$d.pid" 2>/dev/null)
    if [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null; then
      kill "$pid"
      for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
      say "stopped $d (pid $pid)"
    fi
  done
  # anything a stopped slurmd left in our namespace (slurmstepd, a shard's node process), by its PID
  if [[ -n $NSID ]]; then
    for p in /proc/[0-9]*; do
      [[ $(readlink "$p/ns/net" 2>/dev/null) == "$NSID" ]] && kill -9 "${p#/proc/}" 2>/dev/null && say "stopped a leftover process ${p#/proc/}"
    done
  fi
  if ip netns list | grep -qw "$NS"; then ip netns delete "$NS" && say "deleted the network namespace $NS"; fi
  if [[ ${KEEP:-0} == 1 ]]; then say "kept $WORK"; else rm -rf "$WORK"; fi
  exit "$rc"
}
NSID=
trap cleanup EXIT
trap 'exit 130' INT TERM

ip netns add "$NS"
"${NSENTER[@]}" ip link set lo up
# Slurm resolves with AI_ADDRCONFIG, which wants an address besides 127.0.0.1: a second loopback one
"${NSENTER[@]}" ip addr add 127.0.0.2/32 dev lo
NSID=$("${NSENTER[@]}" readlink /proc/self/ns/net)
say "network namespace $NS: $("${NSENTER[@]}" ip -brief addr | tr -s ' ' | paste -sd ';')"

# ---- munge with a key of its own ----
mkdir -p "$WORK"/{etc,pids,log,state,spool,munge}
chmod 700 "$WORK/munge"
dd if=/dev/urandom of="$WORK/etc/munge.key" bs=1024 count=1 status=none
chmod 400 "$WORK/etc/munge.key"
munged --force --key-file="$WORK/etc/munge.key" --socket="$WORK/munge/munge.socket" --pid-file="$WORK/pids/munged.pid" \
  --log-file="$WORK/log/munged.log" --seed-file="$WORK/munge/munged.seed"
for _ in $(seq 50); do [[ -S $WORK/munge/munge.socket ]] && break; sleep 0.1; done
[[ -S $WORK/munge/munge.socket ]] || die "munged did not start: $(tail -n 3 "$WORK/log/munged.log")"

# ---- one node: 2 CPUs, no cgroups (none usable in this container), no accounting ----
cpus=$(nproc)
mem=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 / 2 ))
cat > "$SLURM_CONF" <<CONF
ClusterName=perlaggcheck
SlurmctldHost=$(hostname -s)(127.0.0.1)
AuthType=auth/munge
AuthInfo=socket=$WORK/munge/munge.socket
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$WORK/state
SlurmdSpoolDir=$WORK/spool
SlurmctldPidFile=$WORK/pids/slurmctld.pid
SlurmdPidFile=$WORK/pids/slurmd.pid
SlurmctldLogFile=$WORK/log/slurmctld.log
SlurmdLogFile=$WORK/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/affinity
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU_Memory
SchedulerType=sched/backfill
SchedulerParameters=bf_interval=2
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
ReturnToService=2
JobRequeue=1
MinJobAge=600
SlurmctldTimeout=30
SlurmdTimeout=60
NodeName=perlaggnode NodeAddr=127.0.0.1 NodeHostname=$(hostname) CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=check Nodes=perlaggnode Default=YES MaxTime=INFINITE State=UP
CONF
"${NSENTER[@]}" slurmctld -f "$SLURM_CONF"
"${NSENTER[@]}" slurmd -f "$SLURM_CONF" -N perlaggnode
# a Slurm command inside the namespace (bounded: a client waits long for a controller that does not answer)
inns() { "${NSENTER[@]}" env SLURM_CONF="$SLURM_CONF" timeout 60 "$@"; }
for _ in $(seq 100); do
  state=$(inns sinfo -h -N -o '%T' 2>/dev/null || true)
  [[ $state == idle ]] && break
  sleep 0.3
done
[[ ${state:-} == idle ]] || die "the node did not come up (state '${state:-none}'): $(tail -n 3 "$WORK/log/slurmctld.log") / $(tail -n 3 "$WORK/log/slurmd.log")"
say "slurmctld (pid $(cat "$WORK/pids/slurmctld.pid")) and slurmd (pid $(cat "$WORK/pids/slurmd.pid")) up: $(inns sinfo -h -N -o '%N %T, %c CPUs, %m MB')"

# ---- the reference: one unsharded run ----
cd "$ROOT"
ARGS=(--ruleset "$RULESET" --seed "$SEED" --deals "$DEALS")
say "reference: perlagg simulate ${ARGS[*]} (one process, unsharded)"
node bin/perlagg.js simulate "${ARGS[@]}" --workers "$cpus" --out "$WORK/single" --quiet >/dev/null

# ---- the recipe, unedited ----
OUT=$WORK/out
# more CPUs than any node has is refused at submit (it would pend forever), and nothing is queued
set +e
big=$(inns env OUT="$OUT" CPUS=$(( cpus + 6 )) bash deploy/slurm/run.sh 2>&1)
rc=$?
set -e
[[ $rc == 2 && -z $(inns squeue -h -o '%i') ]] || die "CPUS=$(( cpus + 6 )) was not refused at submit (exit $rc): $big"
say "CPUS=$(( cpus + 6 )) refused at submit, exit 2: $big"
say "submit: OUT=$OUT DEALS=$DEALS SHARDS=$SHARDS CPUS=1 SEED=$SEED SBATCH_ARRAY_INX=0-2 deploy/slurm/run.sh"
sub=$(inns env OUT="$OUT" DEALS="$DEALS" SHARDS="$SHARDS" CPUS=1 SEED="$SEED" RULESET="$RULESET" SBATCH_ARRAY_INX=0-2 bash deploy/slurm/run.sh)
printf '    %s\n' "${sub//$'\n'/$'\n'    }"
ARRAY=$(sed -n 's/.* as job \([0-9]*\) (array.*/\1/p' <<<"$sub")
MERGE=$(sed -n 's/.*the merge as job \([0-9]*\) after.*/\1/p' <<<"$sub")
[[ -n $ARRAY && -n $MERGE ]] || die "could not read the job ids from run.sh's output"
# the merge is held until the requeues below are done (a test's device: it would start once the tasks succeed)
inns scontrol hold "$MERGE"
merge_tasks=$(inns squeue -h -r -j "$MERGE" -o '%i' | wc -l)
[[ $merge_tasks == 1 ]] || die "the merge is $merge_tasks jobs (SBATCH_ARRAY_INX made it an array)"
say "the merge is one job (SBATCH_ARRAY_INX ignored), held for now; the array: $(inns squeue -h -r -j "$ARRAY" -o '%i' | paste -sd ' ')"

task_state() { inns scontrol -o show job "${ARRAY}_$1" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | cut -d= -f2; }
manifest() { node -e 'try{const m=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8"));console.log(m.complete?"complete":"batches "+m.progress.batchesDone)}catch{console.log("none")}' "$OUT/shard-$1-of-$SHARDS/manifest.json"; }

# ---- kill one shard's process mid-run (as an OOM kill or a crash would), then requeue the failed task ----
VICTIM=1
say "waiting for shard $VICTIM to commit a batch"
for _ in $(seq 600); do
  m=$(manifest $VICTIM)
  [[ $m == "batches "[1-9]* ]] && break
  [[ $m == complete ]] && die "shard $VICTIM finished before it could be killed: raise DEALS"
  s=$(task_state $VICTIM)
  [[ $s == FAILED || $s == CANCELLED || $s == COMPLETED ]] && die "task ${ARRAY}_$VICTIM is $s before it committed a batch: $(tail -n 3 "$OUT/logs/shard-$VICTIM.log")"
  sleep 0.2
done
pid=
for p in $(pgrep -f "simulate .*--shard $VICTIM/$SHARDS " || true); do
  [[ $(readlink "/proc/$p/ns/net" 2>/dev/null) == "$NSID" ]] && pid=$p && break
done
[[ -n $pid ]] || die "no process of shard $VICTIM found"
kill -9 "$pid"
say "killed shard $VICTIM's node process (pid $pid, kill -9) at $(manifest $VICTIM) of its run"
for _ in $(seq 300); do s=$(task_state $VICTIM); [[ $s == FAILED || $s == COMPLETED ]] && break; sleep 0.2; done
say "task ${ARRAY}_$VICTIM: $s (exit $(inns scontrol -o show job "${ARRAY}_$VICTIM" | grep -o 'ExitCode=[0-9:]*' | cut -d= -f2))"
[[ $s == FAILED ]] || die "the killed task is $s, not FAILED"
inns scontrol requeue "${ARRAY}_$VICTIM"
# a requeued job waits 120 s before it may start again; the check need not
inns scontrol update JobId="${ARRAY}_$VICTIM" StartTime=now
say "requeued ${ARRAY}_$VICTIM (the retry); the merge waits: $(inns scontrol -o show job "$MERGE" | grep -o 'Dependency=[^ ]*')"

# ---- requeue a shard that has finished: the same command finds its run complete ----
DONE=0
for _ in $(seq 1200); do [[ $(task_state $DONE) == COMPLETED ]] && break; sleep 0.2; done
[[ $(task_state $DONE) == COMPLETED ]] || die "shard $DONE did not complete: $(tail -n 3 "$OUT/logs/shard-$DONE.log")"
before=$(cd "$OUT/shard-$DONE-of-$SHARDS" && find . -type f | sort | xargs sha256sum | sha256sum | cut -c1-16)
inns scontrol requeue "${ARRAY}_$DONE"
inns scontrol update JobId="${ARRAY}_$DONE" StartTime=now
say "requeued the finished task ${ARRAY}_$DONE (its files: $before)"

# ---- wait for every task, then release the merge ----
for _ in $(seq 1500); do
  states=$(for k in $(seq 0 $(( SHARDS - 1 ))); do task_state "$k"; done | sort | uniq -c | paste -sd ' ')
  [[ $states =~ ^\ *$SHARDS\ COMPLETED$ ]] && break
  if [[ $states == *FAILED* || $states == *CANCELLED* || $states == *TIMEOUT* || $states == *OUT_OF_ME* ]]; then
    die "a task failed: $states; $(for k in $(seq 0 $(( SHARDS - 1 ))); do echo -n "shard $k: $(tail -n 1 "$OUT/logs/shard-$k.log" 2>/dev/null | cut -c1-200); "; done)"
  fi
  sleep 0.4
done
[[ $states =~ ^\ *$SHARDS\ COMPLETED$ ]] || die "the tasks did not all complete: $states"
after=$(cd "$OUT/shard-$DONE-of-$SHARDS" && find . -type f | sort | xargs sha256sum | sha256sum | cut -c1-16)
say "all $SHARDS tasks COMPLETED; restarts: $(for k in $(seq 0 $(( SHARDS - 1 ))); do echo -n "$k:$(inns scontrol -o show job "${ARRAY}_$k" | grep -o 'Restarts=[0-9]*' | cut -d= -f2) "; done)"
grep -q "already holds this run, complete" "$OUT/logs/shard-$DONE.log" || die "the requeued finished shard did not find its run complete: $(tail -n 3 "$OUT/logs/shard-$DONE.log")"
[[ $before == "$after" ]] || die "the requeued finished shard changed its files ($before -> $after)"
say "the requeued finished shard $DONE: \"$(grep -o 'already holds this run, complete[^:]*' "$OUT/logs/shard-$DONE.log" | head -1)\"; files identical ($after)"
grep -q "before resuming" "$OUT/logs/shard-$VICTIM.log" || die "the retried shard did not resume: $(tail -n 3 "$OUT/logs/shard-$VICTIM.log")"
say "the killed shard $VICTIM, retried: \"$(grep -o '^[0-9,]* deals ([0-9,]* before resuming)' "$OUT/logs/shard-$VICTIM.log" | head -1)\""

say "the merge: $(inns scontrol -o show job "$MERGE" | grep -o -e 'JobState=[^ ]*' -e 'Reason=[^ ]*' -e 'Dependency=[^ ]*' | paste -sd ' ')"
inns scontrol release "$MERGE"
for _ in $(seq 1500); do
  ms=$(inns scontrol -o show job "$MERGE" | grep -o 'JobState=[A-Z_]*' | cut -d= -f2)
  [[ $ms == COMPLETED || $ms == FAILED || $ms == CANCELLED ]] && break
  sleep 0.4
done
[[ $ms == COMPLETED ]] || die "the merge is $ms: $(tail -n 3 "$OUT/logs/merge.log")"
say "merge job $MERGE COMPLETED: $(grep -m1 '^Merged' "$OUT/logs/merge.log")"

# ---- the merge rerun (a second merge job into the finished folder) ----
sub=$(inns env OUT="$OUT" DEALS="$DEALS" SHARDS="$SHARDS" CPUS=1 SEED="$SEED" RULESET="$RULESET" bash deploy/slurm/run.sh merge)
MERGE2=$(sed -n 's/.* as job \([0-9]*\) .*/\1/p' <<<"$sub")
for _ in $(seq 1500); do
  ms=$(inns scontrol -o show job "$MERGE2" | grep -o 'JobState=[A-Z_]*' | cut -d= -f2)
  [[ $ms == COMPLETED || $ms == FAILED || $ms == CANCELLED ]] && break
  sleep 0.4
done
[[ $ms == COMPLETED ]] || die "the rerun merge is $ms: $(tail -n 3 "$OUT/logs/merge.log")"
say "merge rerun (job $MERGE2) COMPLETED: $(grep 'already holds this merge' "$OUT/logs/merge.log" | tail -1)"

# ---- the comparison ----
say "comparison, single run vs sharded, requeued, retried and merged run:"
fail=0
for f in "$WORK"/single/*.arrow; do
  name=$(basename "$f")
  a=$(sha256sum < "$f" | cut -c1-16)
  b=$(sha256sum < "$OUT/merged/$name" | cut -c1-16)
  if cmp -s "$f" "$OUT/merged/$name"; then verdict=identical; else verdict=DIFFERENT; fail=1; fi
  printf '    %-12s single %s %9d bytes | merged %s %9d bytes | %s\n' "$name" "$a" "$(stat -c %s "$f")" "$b" "$(stat -c %s "$OUT/merged/$name")" "$verdict"
done
node -e '
const fs = require("fs");
const [a, b] = process.argv.slice(1).map((d) => JSON.parse(fs.readFileSync(d + "/manifest.json", "utf8")));
const keys = ["settings", "metrics", "progress", "dealRange", "rejected", "stoppedBy"];
const diff = keys.filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
console.log(`    manifest.json: ${keys.join(", ")} ${diff.length === 0 ? "identical" : "DIFFERENT in " + diff.join(", ")} (${a.progress.dealsDone} deals each)`);
process.exit(diff.length === 0 ? 0 : 1);
' "$WORK/single" "$OUT/merged" || fail=1
[[ $fail == 0 ]] || die "the merged run differs from the single run"
say "PASS: the merged run is byte-identical to the single run; a killed shard was retried and resumed; a requeued finished shard and a rerun merge left their files as they were"
