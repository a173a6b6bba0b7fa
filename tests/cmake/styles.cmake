# junqi gauntlet (the style panels, docs/panel.md): a profile with every member,
# the whole panel and the worst member, a plot, and one-line refusals; the
# classic panel, the Flip Junqi panel and the four-player panel.
if(TARGET junqi)
  set(JUNQI_GAUNTLET_DIR ${CMAKE_CURRENT_BINARY_DIR}/gauntlet)
  add_test(NAME gauntlet_prints_a_profile_and_a_plot
           COMMAND sh -c [[rm -rf "$1" && out=$("$0" gauntlet random --panel rush --panel deployer --panel rush:drive=2 --pairs 1 --max-plies 150 --out "$1" 2>/dev/null) || exit 1
                           printf '%s\n' "$out"
                           for row in '^rush +2 ' '^deployer +2 .*own layouts' '^rush-2 +2 ' '^panel +6 ' '^worst member: (rush|deployer|rush-2) '; do
                             printf '%s\n' "$out" | grep -Eq -- "$row" || { echo "no line $row"; exit 1; }
                           done
                           grep -q '<svg' "$1/gauntlet.svg" && grep -q 'deployer' "$1/gauntlet.svg" && test -f "$1/rush/games.pgn"]]
                   $<TARGET_FILE:junqi> ${JUNQI_GAUNTLET_DIR}/profile)
  junqi_refuses(gauntlet_refuses_a_bad_agent_spec "^junqi gauntlet: error: agent 'nosuch:x=1': unknown agent 'nosuch'"
                gauntlet nosuch:x=1 --out ${JUNQI_GAUNTLET_DIR}/bad-agent)
  junqi_refuses(gauntlet_refuses_a_bad_panel_member "panel member 'rush:drive=-1': agent 'rush': drive=-1 must be"
                gauntlet random --panel rush:drive=-1 --out ${JUNQI_GAUNTLET_DIR}/bad-member)
  junqi_refuses(gauntlet_refuses_a_member_of_another_game
                "^junqi gauntlet: error: panel member 'deployer': unknown flip agent 'deployer'"
                gauntlet random --rules flip-kawu --panel deployer --out ${JUNQI_GAUNTLET_DIR}/flip-deployer)
  # Flip Junqi and four-player have panels of their own (search/styles/flip/, search/styles/four/).
  add_test(NAME gauntlet_flip_plays_the_flip_panel
           COMMAND sh -c [[rm -rf "$1" && out=$("$0" gauntlet heuristic --rules flip-kawu --pairs 1 --out "$1" 2>/dev/null) || exit 1
                           printf '%s\n' "$out"
                           for row in 'Flip Junqi style panel' '^flipper +2 ' '^hoarder +2 ' '^rusher +2 ' '^trader +2 ' '^panel +8 ' '^worst member: (flipper|hoarder|rusher|trader) '; do
                             printf '%s\n' "$out" | grep -Eq -- "$row" || { echo "no line $row"; exit 1; }
                           done
                           grep -q '<svg' "$1/gauntlet.svg" && ls "$1"/trader/games/*.jqf >/dev/null]]
                   $<TARGET_FILE:junqi> ${JUNQI_GAUNTLET_DIR}/flip)
  add_test(NAME gauntlet_four_plays_the_four_player_panel
           COMMAND sh -c [[rm -rf "$1" && out=$("$0" gauntlet random --rules four-worldatplay --pairs 1 --max-plies 300 --out "$1" 2>/dev/null) || exit 1
                           printf '%s\n' "$out"
                           for row in 'four-player Junqi style panel' '^rush +2 ' '^turtle +2 ' '^partner +2 ' '^bomber +2 ' '^panel +8 ' '^worst member: (rush|turtle|partner|bomber) '; do
                             printf '%s\n' "$out" | grep -Eq -- "$row" || { echo "no line $row"; exit 1; }
                           done
                           grep -q '<svg' "$1/gauntlet.svg" && ls "$1"/partner/games/*.jq4 >/dev/null]]
                   $<TARGET_FILE:junqi> ${JUNQI_GAUNTLET_DIR}/four)
  # A four-player member may be a mixed team ("A+B": A plays south or east, B north or west).
  add_test(NAME gauntlet_four_takes_a_mixed_team
           COMMAND sh -c [[rm -rf "$1" && out=$("$0" gauntlet random --rules four-worldatplay --panel rush+turtle --panel bomber --pairs 1 --max-plies 200 --out "$1" 2>/dev/null) || exit 1
                           printf '%s\n' "$out"
                           for row in '^rush_turtle +2 ' '^bomber +2 ' '^panel +4 '; do
                             printf '%s\n' "$out" | grep -Eq -- "$row" || { echo "no line $row"; exit 1; }
                           done]]
                   $<TARGET_FILE:junqi> ${JUNQI_GAUNTLET_DIR}/four-mixed)
  junqi_refuses(gauntlet_refuses_zero_pairs "--pairs" gauntlet random --pairs 0 --out ${JUNQI_GAUNTLET_DIR}/zero)
endif()

# External JBP bots (--bot NAME=COMMAND, as in junqi match) as panel members
# and as the agent profiled, under the match's rules for bots: the
# gauntlet's seed reaches no file of the run (each member's match has a seed
# of its own, hashed from it) and the profile withholds it.
if(TARGET junqi AND TARGET junqi-bot)
  add_test(NAME gauntlet_takes_an_external_bot_as_a_member
           COMMAND sh -c [[rm -rf "$2" && out=$("$0" gauntlet random --panel rush --bot "ext=$1 --agent heuristic" --pairs 1 --max-plies 150 --seed 4242424242 --out "$2" 2>/dev/null) || exit 1
                           printf '%s\n' "$out"
                           for row in 'seed withheld from the bots' '^rush +2 ' '^ext +2 .*JBP bot' '^panel +4 ' '^worst member: (rush|ext) '; do
                             printf '%s\n' "$out" | grep -Eq -- "$row" || { echo "no line $row"; exit 1; }
                           done
                           test -f "$2/ext/ext.stderr.log" && ls "$2"/ext/games/*.jqr >/dev/null || exit 1
                           if grep -rl 4242424242 "$2"; then echo "the gauntlet's seed is in a file of the run"; exit 1; fi]]
                   $<TARGET_FILE:junqi> $<TARGET_FILE:junqi-bot> ${JUNQI_GAUNTLET_DIR}/bot-member)
  add_test(NAME gauntlet_profiles_an_external_bot
           COMMAND sh -c [[rm -rf "$2" && out=$("$0" gauntlet ext --panel rush --panel turtle --bot "ext=$1 --agent random" --pairs 1 --max-plies 150 --seed 9 --out "$2" 2>/dev/null) || exit 1
                           printf '%s\n' "$out"
                           for row in '^gauntlet of ext against the style panel' '^rush +2 ' '^turtle +2 ' '^panel +4 '; do
                             printf '%s\n' "$out" | grep -Eq -- "$row" || { echo "no line $row"; exit 1; }
                           done
                           test -f "$2/rush/ext.stderr.log" && test -f "$2/turtle/ext.stderr.log"]]
                   $<TARGET_FILE:junqi> $<TARGET_FILE:junqi-bot> ${JUNQI_GAUNTLET_DIR}/bot-agent)
  add_test(NAME gauntlet_flip_takes_an_external_bot
           COMMAND sh -c [[rm -rf "$2" && out=$("$0" gauntlet heuristic --rules flip-kawu --panel rusher --bot "ext=$1 --flip-agent heuristic" --pairs 1 --seed 9 --out "$2" 2>/dev/null) || exit 1
                           printf '%s\n' "$out"
                           for row in '^rusher +2 ' '^ext +2 .*JBP bot' '^panel +4 '; do
                             printf '%s\n' "$out" | grep -Eq -- "$row" || { echo "no line $row"; exit 1; }
                           done
                           ls "$2"/ext/games/*.jqf >/dev/null]]
                   $<TARGET_FILE:junqi> $<TARGET_FILE:junqi-bot> ${JUNQI_GAUNTLET_DIR}/bot-flip)
  # A four-player bot plays both armies of its team (a bot started for each).
  add_test(NAME gauntlet_four_takes_an_external_bot
           COMMAND sh -c [[rm -rf "$2" && out=$("$0" gauntlet random --rules four-worldatplay --panel rush --bot "ext=$1 --four-agent random" --pairs 1 --max-plies 200 --seed 9 --out "$2" 2>/dev/null) || exit 1
                           printf '%s\n' "$out"
                           for row in 'four-player Junqi style panel' '^rush +2 ' '^ext +2 .*JBP bot' '^panel +4 '; do
                             printf '%s\n' "$out" | grep -Eq -- "$row" || { echo "no line $row"; exit 1; }
                           done
                           ls "$2"/ext/games/*.jq4 >/dev/null]]
                   $<TARGET_FILE:junqi> $<TARGET_FILE:junqi-bot> ${JUNQI_GAUNTLET_DIR}/bot-four)
endif()
if(TARGET junqi)
  junqi_refuses(gauntlet_refuses_a_bot_without_a_command "^junqi gauntlet: error: --bot needs NAME=COMMAND, not 'ext'$"
                gauntlet random --bot ext --seed 9 --out ${JUNQI_GAUNTLET_DIR}/bot-no-command)
  junqi_refuses(gauntlet_refuses_a_bot_named_as_a_member
                "^junqi gauntlet: error: --bot rush: the name 'rush' is taken by a panel member$"
                gauntlet random --bot rush=true --seed 9 --out ${JUNQI_GAUNTLET_DIR}/bot-clash)
  junqi_refuses(gauntlet_refuses_a_bot_that_cannot_play "^junqi gauntlet: error: match: the bot 'b' did not start: crashed"
                gauntlet random --panel rush --bot b=true --seed 9 --out ${JUNQI_GAUNTLET_DIR}/bot-crashed)
endif()
