# junqi play for Flip Junqi and four-player Junqi (issue 39; docs/web.md):
# whole games in the terminal driven through standard input, the hidden
# pieces never shown before the end, the records replayed.
if(TARGET junqi)
  cli_scenario(play_flip_in_the_terminal $<TARGET_FILE:junqi>)
  cli_scenario(play_four_in_the_terminal $<TARGET_FILE:junqi>)
endif()
