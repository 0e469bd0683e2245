#!/usr/bin/env bash
# Proves the native libraries in the jar load on the clusters the README promises: for every
# native/<platform>/*.so it checks
#   - the newest GLIBC_ symbol version it requires is <= the floor (default 2.17: RHEL/CentOS 7,
#     and the first glibc of aarch64), and it requires no GLIBCXX_/CXXABI_ version newer than
#     GCC 4.8's libstdc++ (static libstdc++ means it should require none) nor GCC_ newer than
#     4.8's libgcc_s;
#   - it needs (ELF NEEDED) nothing but libc, libm, libdl, libpthread, libgcc_s and the dynamic
#     loader, all present on every glibc system;
#   - it exports only the JNI entry points (Java_*, JNI_OnLoad, JNI_OnUnload);
#   - its ELF machine is the platform's and its packaged .sha256 matches;
# and that every expected platform is there. Prints the newest versions found per library.
#
# Usage: scripts/check-native-glibc.sh [jar | directory holding native/]
#        (default: java/target/gluten-delta-stats.jar, else java/target/classes)
# Environment: GDS_GLIBC_FLOOR (2.17), GDS_NATIVE_PLATFORMS ("linux-x86_64 linux-aarch64").
# Needs objdump and readelf (Debian: binutils) and, for a jar, the JDK's jar tool.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
glibc_floor="${GDS_GLIBC_FLOOR:-2.17}"
glibcxx_floor="3.4.19"   # GCC 4.8 (RHEL/CentOS 7)
cxxabi_floor="1.3.7"
gcc_floor="4.8.0"
platforms="${GDS_NATIVE_PLATFORMS:-linux-x86_64 linux-aarch64}"
allowed_needed='^(libc\.so\.6|libm\.so\.6|libdl\.so\.2|libpthread\.so\.0|libgcc_s\.so\.1|ld-linux-x86-64\.so\.2|ld-linux-aarch64\.so\.1)$'

for tool in objdump readelf sha256sum; do
  command -v "${tool}" >/dev/null || { echo "check-native-glibc.sh: ${tool} not found (apt-get install -y binutils coreutils)" >&2; exit 2; }
done

source_path="${1:-}"
if [[ -z "${source_path}" ]]; then
  if [[ -f "${root}/java/target/gluten-delta-stats.jar" ]]; then
    source_path="${root}/java/target/gluten-delta-stats.jar"
  else
    source_path="${root}/java/target/classes"
  fi
fi

if [[ -f "${source_path}" ]]; then
  work="$(mktemp -d)"
  trap 'rm -rf "${work}"' EXIT
  jar_tool="jar"
  if [[ -n "${JAVA_HOME:-}" && -x "${JAVA_HOME}/bin/jar" ]]; then jar_tool="${JAVA_HOME}/bin/jar"; fi
  jar_path="$(readlink -f "${source_path}")"   # before the cd: the argument may be relative
  (cd "${work}" && "${jar_tool}" xf "${jar_path}" native/)
  native_dir="${work}/native"
else
  native_dir="${source_path}/native"
fi
[[ -d "${native_dir}" ]] || { echo "check-native-glibc.sh: no native/ in ${source_path} (build with mvn package first)" >&2; exit 2; }

# Newest version with prefix $1 among the library's version needs ("required from" entries), or "".
newest() {
  local prefix="$1" lib="$2"
  objdump -p "${lib}" | awk -v p="${prefix}" '
    /^Version References:/ { refs = 1; next }
    /^Version definitions:/ { refs = 0 }
    refs && $NF ~ "^" p "[0-9]" { sub("^" p, "", $NF); print $NF }' | sort -V | tail -n 1
}

# The symbols of library $1 whose GLIBC_ version is newer than $2, as "name@GLIBC_x.y".
above_floor() {
  objdump -T "$1" | awk -v floor="$2" '
    match($0, /\(GLIBC_[0-9.]+\)/) {
      v = substr($0, RSTART + 7, RLENGTH - 8)
      print v, $NF
    }' | while read -r v sym; do
      version_le "${v}" "$2" || printf '%s@GLIBC_%s ' "${sym}" "${v}"
    done
}

# $1 <= $2 in version order.
version_le() {
  [[ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | head -n 1)" == "$1" ]]
}

failures=0
fail() {
  echo "FAIL ${1}" >&2
  failures=$((failures + 1))
}

for platform in ${platforms}; do
  [[ -f "${native_dir}/${platform}/libglutendeltastats.so" ]] || fail "${platform}: no native/${platform}/libglutendeltastats.so in ${source_path}"
done

shopt -s nullglob
libs=("${native_dir}"/*/*.so)
[[ ${#libs[@]} -gt 0 ]] || fail "no native library under ${native_dir}"
for lib in "${libs[@]}"; do
  platform="$(basename "$(dirname "${lib}")")"
  name="${platform}/$(basename "${lib}")"

  machine="$(readelf -h "${lib}" | awk -F: '/Machine:/ { gsub(/^ +/, "", $2); print $2 }')"
  case "${platform}" in
    *-x86_64) [[ "${machine}" == *X86-64* ]] || fail "${name}: ELF machine is '${machine}', expected X86-64" ;;
    *-aarch64) [[ "${machine}" == AArch64 ]] || fail "${name}: ELF machine is '${machine}', expected AArch64" ;;
    *) fail "${name}: unknown platform folder ${platform}" ;;
  esac

  glibc="$(newest GLIBC_ "${lib}")"
  glibcxx="$(newest GLIBCXX_ "${lib}")"
  cxxabi="$(newest CXXABI_ "${lib}")"
  gcc="$(newest GCC_ "${lib}")"
  [[ -n "${glibc}" ]] || fail "${name}: no GLIBC_ version needs found (not a glibc library?)"
  [[ -z "${glibc}" ]] || version_le "${glibc}" "${glibc_floor}" \
    || fail "${name}: needs GLIBC_${glibc} > floor ${glibc_floor}: $(above_floor "${lib}" "${glibc_floor}")"
  [[ -z "${glibcxx}" ]] || version_le "${glibcxx}" "${glibcxx_floor}" || fail "${name}: needs GLIBCXX_${glibcxx} > ${glibcxx_floor}"
  [[ -z "${cxxabi}" ]] || version_le "${cxxabi}" "${cxxabi_floor}" || fail "${name}: needs CXXABI_${cxxabi} > ${cxxabi_floor}"
  [[ -z "${gcc}" ]] || version_le "${gcc}" "${gcc_floor}" || fail "${name}: needs GCC_${gcc} > ${gcc_floor}"

  needed="$(objdump -p "${lib}" | awk '$1 == "NEEDED" { print $2 }')"
  while read -r dep; do
    [[ -z "${dep}" || "${dep}" =~ ${allowed_needed} ]] || fail "${name}: needs ${dep} (only libc/libm/libdl/libpthread/libgcc_s/ld-linux are on every system)"
  done <<< "${needed}"

  # Global or weak dynamic symbols defined here (not *UND*; local section symbols are not exports).
  exported="$(objdump -T "${lib}" | awk '/^[0-9a-f]+ / && $2 ~ /^[gwu]$/ && $0 !~ /\*UND\*/ { print $NF }' \
    | grep -Ev '^(Java_[A-Za-z0-9_]+|JNI_OnLoad|JNI_OnUnload)$' || true)"
  [[ -z "${exported}" ]] || fail "${name}: exports more than the JNI entry points: $(echo "${exported}" | head -n 5 | tr '\n' ' ')"

  if [[ -f "${lib}.sha256" ]]; then
    [[ "$(sha256sum "${lib}" | awk '{ print $1 }')" == "$(tr -d '[:space:]' < "${lib}.sha256")" ]] || fail "${name}: .sha256 does not match"
  else
    fail "${name}: no ${name}.sha256 beside it"
  fi

  echo "${name}: newest GLIBC_${glibc:-none} (floor ${glibc_floor}), GLIBCXX_${glibcxx:-none}, CXXABI_${cxxabi:-none}, GCC_${gcc:-none}; NEEDED $(echo ${needed})"
done

if [[ ${failures} -gt 0 ]]; then
  echo "check-native-glibc.sh: ${failures} check(s) failed" >&2
  exit 1
fi
echo "check-native-glibc.sh: OK (${#libs[@]} libraries, glibc floor ${glibc_floor})"
