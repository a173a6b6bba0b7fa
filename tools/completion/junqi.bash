# Bash completion for junqi, junqi-bot and junqi-bot-x86-64. The commands and
# options come from the program's own --help, so they never go stale; the
# values of --agent and --flip-agent are the kinds `junqi agents` lists. Anything else: files.
_junqi_options() {  # the long options a --help text lists, each at the start of its line
  "$@" --help 2>/dev/null | grep -oE -- '^ +(-[a-zA-Z],)?--[a-z][a-z0-9-]*' | grep -oE -- '--[a-z][a-z0-9-]*'
}

_junqi_commands() {  # the commands listed under the help's "Subcommands:" heading
  "$1" --help 2>/dev/null | awk 'tolower($0) ~ /^subcommands:/ {on = 1; next} on && /^  [a-z]/ {print $1}'
}

_junqi() {
  local program=${COMP_WORDS[0]} cur=${COMP_WORDS[COMP_CWORD]} previous=${COMP_WORDS[COMP_CWORD - 1]} words
  COMPREPLY=()
  if [ "$previous" = --agent ] || [ "$previous" = --flip-agent ]; then
    local junqi=junqi kinds='/^Flip Junqi agents/q'  # the classic kinds come first, then the flip ones
    [[ $program == */* ]] && junqi=${program%/*}/junqi
    [ "$previous" = --flip-agent ] && kinds='1,/^Flip Junqi agents/d'
    words=$("$junqi" agents 2>/dev/null | sed -e "$kinds" | sed -n 's/^\([a-z][a-z0-9-]*\): .*/\1/p')
  elif [[ $program == *junqi-bot* ]]; then
    [[ $cur == -* ]] || return 0
    words=$(_junqi_options "$program")
  elif [ "$COMP_CWORD" -eq 1 ]; then
    words="$(_junqi_commands "$program") --help --help-all --version"
  elif [[ $cur == -* ]]; then
    words=$(_junqi_options "$program" "${COMP_WORDS[1]}")
  else
    return 0
  fi
  mapfile -t COMPREPLY < <(compgen -W "$words" -- "$cur")
}

complete -o default -F _junqi junqi junqi-bot junqi-bot-x86-64
