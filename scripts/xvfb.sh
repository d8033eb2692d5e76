# Sourced by the scripts that need an X server: start_xvfb starts a private Xvfb on a
# display it picks itself (never one another server holds), waits until it accepts
# clients, and sets DISPLAY and xvfb (its pid).
start_xvfb() {
  local f
  f=$(mktemp)
  Xvfb -displayfd 3 -screen 0 1280x1024x24 -nolisten tcp 3>"$f" >/dev/null 2>&1 &
  xvfb=$!
  for _ in $(seq 200); do [ -s "$f" ] && break; sleep 0.05; done
  if [ ! -s "$f" ]; then rm -f "$f"; kill "$xvfb" 2>/dev/null; echo "cannot start Xvfb" >&2; return 1; fi
  export DISPLAY=":$(head -n1 "$f")"
  rm -f "$f"
}
