# Four-player Junqi's tactics suite and flag-blunder checker (docs/tactics.md, "Four-player Junqi").
target_compile_definitions(search_tests PRIVATE
                           JUNQI_FOUR_TACTICS_SUITE="${CMAKE_CURRENT_SOURCE_DIR}/data/four-tactics-suite.txt")
set(JUNQI_FOUR_SUITE ${CMAKE_CURRENT_SOURCE_DIR}/data/four-tactics-suite.txt)
program_prints(tactics_four_measures_the_suite "flag-capture +40/40 +100\\.0%"
               $<TARGET_FILE:junqi> tactics --rules four-worldatplay --suite ${JUNQI_FOUR_SUITE})
# Two records of heuristic armies (visibility=all) whose labelled chances an
# oracle took, one cut after a planted wrong move: the checker counts it.
program_prints(tactics_four_counts_a_planted_blunder
               "missed by oracle, ply 26 east: P9-P8 keeps the flag safe, played N8-N7"
               $<TARGET_FILE:junqi> tactics --rules four-worldatplay --check-records
               ${CMAKE_CURRENT_SOURCE_DIR}/data/four-records --failures)
program_prints(tactics_four_counts_chances_and_misses "oracle +217 +0 of 1 +1 of 2 *"
               $<TARGET_FILE:junqi> tactics --rules four-worldatplay --check-records
               ${CMAKE_CURRENT_SOURCE_DIR}/data/four-records)
junqi_refuses(tactics_four_refuses_classic_mining_options "^junqi tactics: (error: )?--samples: classic Junqi only"
              tactics --rules four-worldatplay --mine four-suite.txt --samples 100)
junqi_refuses(tactics_four_refuses_a_record_as_a_suite
              "four-random-game.jq4: tactics entry 1: line 1: an entry needs the tags tactics-id, category and accept$"
              tactics --rules four-worldatplay --suite ${CMAKE_CURRENT_SOURCE_DIR}/data/four-random-game.jq4)
junqi_refuses(tactics_four_refuses_a_folder_without_records "no game records \\(\\*\\.jq4\\) under"
              tactics --rules four-worldatplay --check-records ${CMAKE_CURRENT_SOURCE_DIR}/data/flip-records)
junqi_refuses(tactics_four_refuses_a_classic_agent "tactical"
              tactics --rules four-worldatplay --suite ${JUNQI_FOUR_SUITE} --agent tactical)
