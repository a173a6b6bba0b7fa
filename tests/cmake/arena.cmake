# The match harness (arena/) from the command line: one match for every game.
if(TARGET junqi)
  # Ctrl-C in a Flip Junqi or four-player match keeps every finished game,
  # prints the table, and the same command resumes.
  cli_scenario(match_interrupted $<TARGET_FILE:junqi>)
endif()

# What a Flip Junqi or four-player match lacks is refused in one line naming
# the game; a bot that cannot start stops any match, named (issue 37).
if(TARGET junqi)
  junqi_refuses(match_four_player_refuses_a_bot_that_cannot_play "match: the bot 'b' did not start: crashed"
                match --rules four-worldatplay --agent random --bot b=true --out ${CMAKE_CURRENT_BINARY_DIR}/match-four-no-bot)
  junqi_refuses(match_flip_refuses_a_layout_book
                "--layout-book is not available in a Flip Junqi match: Flip Junqi has no layouts"
                match --rules flip-kawu --agent random --agent heuristic --layout-book book.txt
                --out ${CMAKE_CURRENT_BINARY_DIR}/flip-book)
  junqi_refuses(match_flip_refuses_a_move_clock "--move-seconds is not available in a Flip Junqi match"
                match --rules flip-kawu --agent random --agent heuristic --move-seconds 1
                --out ${CMAKE_CURRENT_BINARY_DIR}/flip-clock)
  junqi_refuses(match_four_player_refuses_agent_layouts
                "--agent-layouts is not available in a four-player match: four-player agents do not choose"
                match --rules four-worldatplay --agent random --agent heuristic --agent-layouts
                --out ${CMAKE_CURRENT_BINARY_DIR}/four-agent-layouts)
  # junqi agents --rules lists one game's agents.
  program_prints(agents_of_one_game "Four-player agents .*" $<TARGET_FILE:junqi> agents --rules four-worldatplay)
endif()
