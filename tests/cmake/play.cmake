# junqi play for Flip Junqi and four-player Junqi (issue 39; docs/web.md):
# whole games in the terminal driven through standard input, the hidden
# pieces never shown before the end, the records replayed.
if(TARGET junqi)
  cli_scenario(play_flip_in_the_terminal $<TARGET_FILE:junqi>)
  cli_scenario(play_four_in_the_terminal $<TARGET_FILE:junqi>)
endif()
# The playing levels of every game (tools/levels.h): `junqi play --level N`
# plays the game's level, and a level a game lacks is refused in one line;
# junqi-bot --level N plays the games that have it.
if(TARGET junqi AND TARGET junqi-bot)
  cli_scenario(play_at_a_level $<TARGET_FILE:junqi> $<TARGET_FILE:junqi-bot>)
endif()
