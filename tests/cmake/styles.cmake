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
