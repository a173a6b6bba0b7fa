# Every command for every game (issue 37): each `junqi` command run once per
# game works or refuses in one line naming the game, and docs/parity.md is
# what scripts/parity-table.sh writes (tests/cli/parity.sh). The train and
# export cells need junqi-train (LibTorch).
if(TARGET junqi AND TARGET junqi-train)
  cli_scenario(parity ${PROJECT_SOURCE_DIR} $<TARGET_FILE:junqi>)
endif()

# The cells issue 37 filled in, and the refusals of one line.
if(TARGET junqi)
  program_prints(setup_four_player_army "legal under four-worldatplay" $<TARGET_FILE:junqi> setup
                 --rules four-worldatplay --check IPDEC/G.J.R/DM.BC/R.B.I/CLEJP/LFLPE)
  junqi_refuses(setup_refuses_flip_naming_what_it_lacks
                "^junqi setup: Flip Junqi has no deployment \\(its pieces are dealt face down\\); setup takes hiddenfront, worldatplay, refereed, four-worldatplay$"
                setup --rules flip-kawu)
  junqi_refuses(setup_refuses_a_preset_of_no_game "--rules: no game has a preset 'kawu'; setup takes" setup --rules kawu)
  program_prints(play_random_flip " +seat [12] flag-captured +[0-9]+ +[0-9.]+%" $<TARGET_FILE:junqi> play-random
                 --rules flip-kawu --games 20)
  junqi_refuses(play_random_flip_refuses_a_style "--style: Flip Junqi has no layouts" play-random --rules flip-kawu
                --style aggressive)
  program_prints(beliefs_check_flip "20 games \\(random moves\\), [0-9]+ piece-positions: the truth was always possible"
                 $<TARGET_FILE:junqi> beliefs-check --rules flip-kawu --games 20)
  program_prints(beliefs_check_four_player "2 games \\(random moves\\), [0-9]+ piece-positions: the truth was always possible"
                 $<TARGET_FILE:junqi> beliefs-check --rules four-worldatplay:visibility=own --games 2 --max-plies 300)
  junqi_refuses(beliefs_check_four_player_refuses_an_agent "--agent: the check plays random moves in four-player Junqi"
                beliefs-check --rules four-worldatplay --agent heuristic)
  program_prints(beliefs_flip_record "blue +12 +\\. +8 +4 +8 +4 +4 +\\. +4 +8 +4 +4  \\(seat 1\\)" $<TARGET_FILE:junqi>
                 beliefs ${PROJECT_SOURCE_DIR}/tests/data/flip-kawu-game.jqf --ply 30)
  junqi_refuses(replay_refuses_a_record_of_another_game "is a four-player Junqi record, not a classic Junqi one"
                replay --rules hiddenfront ${PROJECT_SOURCE_DIR}/tests/data/four-random-game.jq4)
  junqi_refuses(tactics_four_refuses_a_classic_suite "a four-player tactics suite begins with '# junqi four-player record'"
                tactics --rules four-worldatplay --suite ${PROJECT_SOURCE_DIR}/tests/data/tactics-suite.jqs)
  junqi_refuses(rules_keeps_the_games_own_message_for_its_unknown_preset
                "unknown flip ruleset preset 'flip-kaw' \\(known: flip-worldatplay, flip-kawu\\)" rules --rules flip-kaw)
endif()
