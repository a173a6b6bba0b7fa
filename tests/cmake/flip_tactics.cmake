# Flip Junqi's tactics suite and flag-blunder checker (docs/tactics.md, "Flip Junqi").
target_compile_definitions(search_tests PRIVATE
                           JUNQI_FLIP_TACTICS_SUITE="${CMAKE_CURRENT_SOURCE_DIR}/data/flip-tactics-suite.txt")
program_prints(tactics_flip_measures_the_suite "all +160/160 +100.0%"
               $<TARGET_FILE:junqi> tactics --rules flip-kawu --suite ${CMAKE_CURRENT_SOURCE_DIR}/data/flip-tactics-suite.txt)
program_prints(tactics_flip_checks_records "1 records"
               $<TARGET_FILE:junqi> tactics --rules flip-kawu --check-records ${CMAKE_CURRENT_SOURCE_DIR}/data/flip-records)
junqi_refuses(tactics_flip_refuses_classic_mining_options "--samples: classic Junqi only"
              tactics --rules flip-kawu --mine flip-suite.txt --samples 100)
junqi_refuses(tactics_flip_refuses_a_broken_suite "line 1: expected 'entry ...'"
              tactics --rules flip-kawu --suite ${CMAKE_CURRENT_SOURCE_DIR}/data/flip-kawu-game.jqf)
