#!/bin/bash
# First boot of a rented CS2 practice server on a Tencent Cloud CVM (Debian 12 or Ubuntu 22.04+),
# run once by cloud-init as the instance's user data. The portal fills in the settings block for
# each server (backend/src/integrations/cloud/user_data.cpp) and the local cloud stand-in reads it
# back, so keep its shape: one NAME='value' line per setting between the two marker lines.
# Tencent takes at most 16 KB of base64 user data: keep this file small (the portal checks).
set -euo pipefail

BOOTSTRAP_VERSION=1

# --- portal settings ---
PORTAL_SERVER_REF=''
PORTAL_SERVER_NAME=''
PORTAL_JOIN_PASSWORD=''
PORTAL_RCON_PASSWORD=''
PORTAL_GAME_PORT='27015'
PORTAL_MAX_PLAYERS='16'
PORTAL_ADMINS=''
PORTAL_URL=''
PORTAL_KEY=''
PORTAL_DEMO_BUCKET=''
PORTAL_DEMO_REGION=''
PORTAL_DEMO_PREFIX=''
# --- end portal settings ---

# Pinned third-party software: bump one at a time and test a launch before committing.
STEAMCMD_URL='https://steamcdn-a.akamaihd.net/client/installer/steamcmd_linux.tar.gz'
METAMOD_URL='https://mms.alliedmods.net/mmsdrop/2.0/mmsource-2.0.0-git1390-linux.tar.gz'
CSS_VERSION='1.0.364'
CSS_URL="https://github.com/roflmuffin/CounterStrikeSharp/releases/download/v${CSS_VERSION}/counterstrikesharp-with-runtime-linux-${CSS_VERSION}.zip"
MATCHZY_VERSION='0.8.15'
MATCHZY_URL="https://github.com/shobhit-pathak/MatchZy/releases/download/${MATCHZY_VERSION}/MatchZy-${MATCHZY_VERSION}.zip"
COSCLI_VERSION='v1.0.6'
COSCLI_URL="https://github.com/tencentyun/coscli/releases/download/${COSCLI_VERSION}/coscli-${COSCLI_VERSION}-linux-amd64"
START_MAP='de_dust2'
# CounterStrikeSharp rights of the renter's admins; no @css/root, @css/rcon or @css/cvar, so that
# nobody on the server can change the RCON password the portal manages the server with.
ADMIN_FLAGS='["@css/generic","@css/kick","@css/ban","@css/slay","@css/changemap","@css/config","@css/cheats"]'

CS2_USER=cs2
CS2_HOME=/home/cs2
STEAMCMD_DIR=/opt/steamcmd
CS2_DIR=/opt/cs2
CSGO_DIR="${CS2_DIR}/game/csgo"
LIB_DIR=/usr/local/lib/cs2-portal
ETC_DIR=/etc/cs2-portal

# Everything below goes to cloud-init's log and to the journal (journalctl -t cs2-bootstrap).
exec > >(tee >(systemd-cat -t cs2-bootstrap)) 2>&1
set -o errtrace # the ERR trap below also fires inside functions
trap 'echo "cs2-bootstrap ${BOOTSTRAP_VERSION} failed at line ${LINENO}: ${BASH_COMMAND}"' ERR

as_cs2() { runuser -u "${CS2_USER}" -- "$@"; }
fetch() { curl -fsSL --retry 5 --retry-delay 5 -o "$2" "$1"; }
# Steam's CDN and SteamCMD's self-update fail now and then; a later attempt usually works.
retry() {
  local attempt
  for attempt in 1 2 3; do
    "$@" && return 0
    echo "attempt ${attempt} failed: $*"
    sleep 20
  done
  return 1
}

install_packages() {
  export DEBIAN_FRONTEND=noninteractive
  dpkg --add-architecture i386 # SteamCMD is a 32-bit program
  apt-get update
  # libicu for the .NET runtime of CounterStrikeSharp, psmisc for fuser, jq for JSON files.
  apt-get install -y --no-install-recommends ca-certificates curl jq unzip tar psmisc lib32gcc-s1 lib32stdc++6 libicu-dev
}

install_cs2() {
  id -u "${CS2_USER}" >/dev/null 2>&1 || useradd --create-home --home-dir "${CS2_HOME}" --shell /usr/sbin/nologin "${CS2_USER}"
  install -d -o "${CS2_USER}" -g "${CS2_USER}" "${STEAMCMD_DIR}" "${CS2_DIR}"
  fetch "${STEAMCMD_URL}" /tmp/steamcmd.tar.gz
  as_cs2 tar -xzf /tmp/steamcmd.tar.gz -C "${STEAMCMD_DIR}"
  retry as_cs2 "${STEAMCMD_DIR}/steamcmd.sh" +force_install_dir "${CS2_DIR}" +login anonymous +app_update 730 validate +quit
  # The server loads Steam's client library from ~/.steam/sdk64.
  as_cs2 mkdir -p "${CS2_HOME}/.steam/sdk64"
  as_cs2 ln -sf "${STEAMCMD_DIR}/linux64/steamclient.so" "${CS2_HOME}/.steam/sdk64/steamclient.so"
}

install_addons() {
  local tmp
  tmp=$(mktemp -d)
  fetch "${METAMOD_URL}" "${tmp}/metamod.tar.gz"
  fetch "${CSS_URL}" "${tmp}/css.zip"
  fetch "${MATCHZY_URL}" "${tmp}/matchzy.zip"
  tar -xzf "${tmp}/metamod.tar.gz" -C "${CSGO_DIR}"
  unzip -oq "${tmp}/css.zip" -d "${CSGO_DIR}"
  unzip -oq "${tmp}/matchzy.zip" -d "${CSGO_DIR}"
  rm -rf "${tmp}"
  chown -R "${CS2_USER}:${CS2_USER}" "${CSGO_DIR}/addons" "${CSGO_DIR}/cfg"
}

# Runs before every start: a game update (the client refuses an outdated server) rewrites
# gameinfo.gi, which must name Metamod for any plugin to load. The owner's "verify" and "update"
# reboot the machine after the portal left control/<ref>/validate or /update in the bucket: validate
# checks every file (about 15 minutes); a request is taken away once the update worked.
write_prepare_script() {
  install -d "${LIB_DIR}"
  cat >"${LIB_DIR}/cs2-prepare" <<EOF
#!/bin/bash
set -euo pipefail
control="${LIB_DIR}/cs2-control"
validate=''
if [[ -x "\${control}" ]] && "\${control}" validate check; then validate=validate; fi
if "${STEAMCMD_DIR}/steamcmd.sh" +force_install_dir "${CS2_DIR}" +login anonymous +app_update 730 \${validate} +quit; then
  if [[ -x "\${control}" ]]; then "\${control}" validate consume || true; "\${control}" update consume || true; fi
else
  echo "game update failed; starting the installed version"
fi
gameinfo="${CSGO_DIR}/gameinfo.gi"
if ! grep -q 'csgo/addons/metamod' "\${gameinfo}"; then
  awk '{ print } /Game_LowViolence/ && !done { print "\t\t\tGame\tcsgo/addons/metamod"; done = 1 }' \\
    "\${gameinfo}" >"\${gameinfo}.new" && mv "\${gameinfo}.new" "\${gameinfo}"
fi
EOF
  chmod 755 "${LIB_DIR}/cs2-prepare"
}

write_game_config() {
  # Source's cfg syntax has no escape for a double quote; the portal never sends one in these.
  {
    printf 'hostname "%s"\n' "${PORTAL_SERVER_NAME}"
    printf 'sv_password "%s"\n' "${PORTAL_JOIN_PASSWORD}"
    printf 'rcon_password "%s"\n' "${PORTAL_RCON_PASSWORD}"
    printf 'tv_enable 1\ntv_autorecord 1\n'
  } >"${CSGO_DIR}/cfg/server.cfg"

  local css="${CSGO_DIR}/addons/counterstrikesharp/configs"
  install -d "${css}/plugins/CS2Portal" "${CSGO_DIR}/cfg/MatchZy"
  jq -n --arg ids "${PORTAL_ADMINS}" --argjson flags "${ADMIN_FLAGS}" \
    '[$ids | splits(" +") | select(length > 0)] | map({key: ("portal-" + .), value: {identity: ., flags: $flags}}) | from_entries' \
    >"${css}/admins.json"
  jq -n --arg ids "${PORTAL_ADMINS}" '[$ids | splits(" +") | select(length > 0)] | map({key: ., value: ""}) | from_entries' \
    >"${CSGO_DIR}/cfg/MatchZy/admins.json"
  jq -n --arg url "${PORTAL_URL}" --arg key "${PORTAL_KEY}" --arg ref "${PORTAL_SERVER_REF}" \
    '{portal_url: $url, portal_key: $key, server_ref: $ref}' >"${css}/plugins/CS2Portal/CS2Portal.json"

  chown -R "${CS2_USER}:${CS2_USER}" "${CSGO_DIR}/cfg" "${css}"
  chmod 600 "${CSGO_DIR}/cfg/server.cfg" "${css}/plugins/CS2Portal/CS2Portal.json"
}

write_server_unit() {
  cat >/etc/systemd/system/cs2.service <<EOF
[Unit]
Description=CS2 dedicated server ${PORTAL_SERVER_REF}
Wants=network-online.target
After=network-online.target

[Service]
User=${CS2_USER}
WorkingDirectory=${CS2_DIR}/game
ExecStartPre=${LIB_DIR}/cs2-prepare
ExecStart=${CS2_DIR}/game/bin/linuxsteamrt64/cs2 -dedicated -usercon -port ${PORTAL_GAME_PORT} +maxplayers ${PORTAL_MAX_PLAYERS} +map ${START_MAP}
Restart=on-failure
RestartSec=10
TimeoutStartSec=1h
LimitNOFILE=100000
SyslogIdentifier=cs2

[Install]
WantedBy=multi-user.target
EOF
}

# The portal plugin (deploy/cloud/portal-plugin), fetched with the key and built by its build.sh.
install_portal_plugin() {
  local d=/opt/cs2-portal-plugin f
  install -d -m 700 "$d"
  printf 'Authorization: Bearer %s\n' "${PORTAL_KEY}" >"$d/auth"
  curl -fsS --retry 5 -H @"$d/auth" -o "$d/src.json" "${PORTAL_URL%/}/api/plugin/rental/plugin-source"
  for f in CS2Portal.cs CS2Portal.csproj build.sh; do jq -r --arg f "$f" '.files[$f]' "$d/src.json" >"$d/$f"; done
  CSS_VERSION="${CSS_VERSION}" bash "$d/build.sh" "$d" "${CSGO_DIR}/addons/counterstrikesharp/plugins/CS2Portal"
}

# Finished demos go to COS with the instance's CAM role (coscli asks the metadata service for
# temporary keys on each run): no key is ever written into user data or onto the disk.
install_demo_upload() {
  fetch "${COSCLI_URL}" /usr/local/bin/coscli
  chmod 755 /usr/local/bin/coscli
  install -d "${ETC_DIR}"
  {
    printf 'DEMO_BUCKET=%q\n' "${PORTAL_DEMO_BUCKET}"
    printf 'DEMO_REGION=%q\n' "${PORTAL_DEMO_REGION}"
    printf 'DEMO_PREFIX=%q\n' "${PORTAL_DEMO_PREFIX}"
    printf 'CSGO_DIR=%q\n' "${CSGO_DIR}"
    printf 'SERVER_REF=%q\n' "${PORTAL_SERVER_REF}"
  } >"${ETC_DIR}/demo-upload.env"

  # Sourced by the two scripts below: the settings, and a coscli config for the CAM role (the
  # bucket as "demos"). The same role reads and deletes the portal's control/<ref>/ objects.
  cat >"${LIB_DIR}/cs2-cos" <<'EOF'
# shellcheck source=/dev/null
source /etc/cs2-portal/demo-upload.env
role=$(curl -fsS --max-time 5 http://metadata.tencentyun.com/latest/meta-data/cam/security-credentials/ | head -n 1)
[[ -n "${role}" ]] || { echo "no CAM role on this instance: nothing goes to or comes from COS"; exit 1; }
config=$(mktemp --suffix=.yaml)
trap 'rm -f "${config}"' EXIT
cat >"${config}" <<YAML
cos:
  base:
    mode: CvmRole
    cvmrolename: "${role}"
    protocol: https
    disableencryption: "true"
  buckets:
    - name: "${DEMO_BUCKET}"
      alias: demos
      region: "${DEMO_REGION}"
      endpoint: "cos.${DEMO_REGION}.myqcloud.com"
YAML
EOF

  # cs2-control <validate|update> <check|consume>: whether the portal asked for it; taking it away.
  cat >"${LIB_DIR}/cs2-control" <<'EOF'
#!/bin/bash
set -euo pipefail
# shellcheck source=/dev/null
source /usr/local/lib/cs2-portal/cs2-cos
key="cos://demos/control/${SERVER_REF}/$1"
if [[ "$2" == consume ]]; then coscli -c "${config}" rm "${key}" --force; exit; fi
coscli -c "${config}" cp "${key}" "${config}.request" >/dev/null 2>&1 || exit 1
rm -f "${config}.request"
EOF
  chmod 755 "${LIB_DIR}/cs2-control"

  cat >"${LIB_DIR}/cs2-demo-upload" <<'EOF'
#!/bin/bash
set -euo pipefail
# shellcheck source=/dev/null
source /usr/local/lib/cs2-portal/cs2-cos
shopt -s nullglob
for demo in "${CSGO_DIR}"/*.dem "${CSGO_DIR}"/MatchZy/*.dem; do
  # Still being recorded: written to in the last two minutes, or held open by the server.
  if [[ -n "$(find "${demo}" -mmin -2)" ]] || fuser -s "${demo}" 2>/dev/null; then continue; fi
  key="${DEMO_PREFIX}$(basename "${demo}")"
  if coscli -c "${config}" cp "${demo}" "cos://demos/${key}"; then
    rm -f -- "${demo}"
    echo "uploaded ${key}"
  else
    echo "upload of ${key} failed; next run retries"
  fi
done
EOF
  chmod 755 "${LIB_DIR}/cs2-demo-upload"

  cat >/etc/systemd/system/cs2-demo-upload.service <<EOF
[Unit]
Description=Upload finished CS2 demos to COS

[Service]
Type=oneshot
User=${CS2_USER}
WorkingDirectory=${CS2_HOME}
ExecStart=${LIB_DIR}/cs2-demo-upload
SyslogIdentifier=cs2-demo-upload
EOF
  cat >/etc/systemd/system/cs2-demo-upload.timer <<EOF
[Unit]
Description=Upload finished CS2 demos to COS every two minutes

[Timer]
OnBootSec=5min
OnUnitActiveSec=2min

[Install]
WantedBy=timers.target
EOF
}

main() {
  if [[ -z "${PORTAL_SERVER_REF}" ]]; then
    echo "the settings block is empty: the portal renders this script for each server"
    exit 1
  fi
  echo "cs2-bootstrap ${BOOTSTRAP_VERSION} for ${PORTAL_SERVER_REF}"
  install_packages
  install_cs2
  install_addons
  write_prepare_script
  write_game_config
  write_server_unit
  [[ -z "${PORTAL_KEY}" ]] || install_portal_plugin || echo "portal plugin not installed"
  systemctl daemon-reload
  if [[ -n "${PORTAL_DEMO_BUCKET}" ]]; then
    install_demo_upload
    systemctl daemon-reload
    systemctl enable --now cs2-demo-upload.timer
  fi
  systemctl enable --now --no-block cs2.service
  echo "cs2-bootstrap ${BOOTSTRAP_VERSION} done"
}

main "$@"
