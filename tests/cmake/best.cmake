# The best network of each game (experiments/best/, tools/best_network.h):
# junqi-bot --level 5 plays the classic one, and names where it looked when
# it is missing.
if(TARGET junqi-bot)
  add_test(NAME bot_level_5_plays_the_best_classic_network
           COMMAND sh -c [[printf 'jbp 1\nquit\n' | "$0" --level 5]] $<TARGET_FILE:junqi-bot>)
  set_tests_properties(bot_level_5_plays_the_best_classic_network PROPERTIES
                       PASS_REGULAR_EXPRESSION "id spec nn:weights=[^\n]*/experiments/best/classic\\.jqw")
  add_test(NAME bot_level_5_without_the_best_network_names_where_it_looked
           COMMAND sh -c [=[out=$(printf 'jbp 1\nquit\n' | JUNQI_BEST_NETWORKS=/nonexistent "$0" --level 5 2>&1)
                           status=$?; printf '%s\n' "$out"; [ "$status" -ne 0 ]]=] $<TARGET_FILE:junqi-bot>)
  set_tests_properties(bot_level_5_without_the_best_network_names_where_it_looked PROPERTIES
                       PASS_REGULAR_EXPRESSION "no best classic network: looked for /nonexistent/classic\\.jqw")
endif()
