# The match harness (arena/) from the command line: one match for every game.
if(TARGET junqi)
  # Ctrl-C in a Flip Junqi or four-player match keeps every finished game,
  # prints the table, and the same command resumes.
  cli_scenario(match_interrupted $<TARGET_FILE:junqi>)
endif()
