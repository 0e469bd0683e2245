#!/usr/bin/env bash
# The one set-up step of the project, shared by scripts/run-main.sh, scripts/test.sh and .ci/run,
# so that CI walks the same path as a newcomer on a fresh machine.
#
#   . scripts/setup.sh main   # what building the jar and running the main job needs (JDK 17,
#                             # Maven, CMake, g++ and the aarch64 cross compiler)
#   . scripts/setup.sh test   # that, plus the test toolchain (GoogleTest, clang + its runtime for
#                             # the fuzzer and the sanitizers, qemu-user for the aarch64 suite)
#
# Sourced (it exports JAVA_HOME for the caller) or run. On Debian/Ubuntu as root it installs what
# is missing with apt-get; not root, it prints the one `apt-get install` line that would and
# fails. Elsewhere it names the missing tools and fails. Nothing is installed when all is there.
gds_setup() {
  local what="${1:-main}"
  local -a pkgs
  # The jar carries the native library for linux-x86_64 and linux-aarch64 (cross-compiled), so
  # the main job's build needs the cross compiler too; the tests run the aarch64 suite under qemu.
  pkgs=(openjdk-17-jdk-headless maven cmake make g++ binutils g++-aarch64-linux-gnu)
  case "$what" in
    main) ;;
    test) pkgs+=(libgtest-dev googletest clang libclang-rt-14-dev qemu-user-static) ;;
    *) echo "setup.sh: usage: setup.sh main|test" >&2; return 2 ;;
  esac

  if ! command -v dpkg-query >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
    local -a tools=(java javac mvn cmake make g++ objdump) lacking=()
    local t
    for t in "${tools[@]}"; do command -v "$t" >/dev/null 2>&1 || lacking+=("$t"); done
    if [ ${#lacking[@]} -gt 0 ]; then
      echo "setup.sh: not a Debian-based system and these tools are missing: ${lacking[*]}" >&2
      echo "setup.sh: install a JDK 17+, Maven 3.8+, CMake 3.25+, make and g++ 12+ (tests: GoogleTest, clang)" >&2
      return 1
    fi
  else
    local -a missing=()
    local p
    for p in "${pkgs[@]}"; do
      # A JDK 17+ from elsewhere (SDKMAN, Temurin, /usr/lib/jvm/temurin-17) is as good as Debian's.
      if [ "$p" = openjdk-17-jdk-headless ] && gds_have_jdk17; then continue; fi
      [ "$p" = maven ] && command -v mvn >/dev/null 2>&1 && continue
      dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
    done
    if [ ${#missing[@]} -gt 0 ]; then
      if [ "$(id -u)" -ne 0 ]; then
        echo "setup.sh: missing packages; install them with:" >&2
        echo "  sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
        return 1
      fi
      echo "[setup] installing ${missing[*]} (apt-get)"
      DEBIAN_FRONTEND=noninteractive apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    fi
  fi

  if [ -z "${JAVA_HOME:-}" ] || ! "${JAVA_HOME}/bin/javac" -version >/dev/null 2>&1; then
    JAVA_HOME="$(gds_find_jdk17)" || {
      echo "setup.sh: no JDK 17 or newer found (javac); set JAVA_HOME" >&2
      return 1
    }
  fi
  export JAVA_HOME
  export PATH="$JAVA_HOME/bin:$PATH"
  echo "[setup] ok ($what): JDK $("$JAVA_HOME/bin/javac" -version 2>&1 | awk '{print $2}') at $JAVA_HOME, $(mvn -B -v 2>/dev/null | head -1 | awk '{print $1, $2, $3}'), $(cmake --version | head -1)"
}

# javac's major version, 0 when there is none.
gds_javac_major() {
  local v
  v="$("${1:-javac}" -version 2>&1 | awk '/^javac/ {print $2}')"
  v="${v%%.*}"
  [[ "$v" =~ ^[0-9]+$ ]] && echo "$v" || echo 0
}

gds_have_jdk17() { gds_find_jdk17 >/dev/null; }

# A JDK 17+ home: JAVA_HOME, the javac on PATH, then Debian's own 17.
gds_find_jdk17() {
  local c
  for c in "${JAVA_HOME:-}" \
           "$(command -v javac >/dev/null 2>&1 && dirname "$(dirname "$(readlink -f "$(command -v javac)")")")" \
           /usr/lib/jvm/java-17-openjdk-*; do
    [ -n "$c" ] && [ -x "$c/bin/javac" ] && [ "$(gds_javac_major "$c/bin/javac")" -ge 17 ] && { echo "$c"; return 0; }
  done
  return 1
}

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  set -euo pipefail
  gds_setup "$@"
else
  gds_setup "$@" || return $?
fi
