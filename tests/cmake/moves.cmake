# junqi moves for Flip Junqi and four-player Junqi (issue 40): the counts agree
# with perft at depth 1, an ended game lists no move, a position of one game
# under another game's rules is refused.
if(TARGET junqi)
  program_prints(moves_flip_start "50 legal actions" $<TARGET_FILE:junqi> moves --rules flip-kawu)
  program_prints(moves_four_start "42 legal moves" $<TARGET_FILE:junqi> moves --rules four-worldatplay)
  program_prints(moves_four_with_a_team_gone "the game is over \\(immobilised, east and west win\\): 0 legal moves"
                 $<TARGET_FILE:junqi> moves --rules four-worldatplay --position
                 "four -/-/-/EH1,CA8,LB8,PC8,JD8,CE8,JA9,RE9,PF9,FA10,LB10,BE10,DF10,BA11,LB11 west 0 136 east,west")
  program_prints(moves_four_drawn_by_the_quiet_move_limit "the game is over \\(quiet-moves, a draw\\): 0 legal moves"
                 $<TARGET_FILE:junqi> moves --rules four-worldatplay --position
                 "four LG1,LH1,FJ1,BG2,DH4,JI4,MI11,JG14/IJ3,MI6,DM7,LP7,JQ7,PO8,EP8,LQ8,PO9,LP9,BQ9,FQ10,CI13/-/LA7,ID7,BF7,RA8,LB8,FA10,LB10,EC10,DK16,MH17 east 70 518 -")
  junqi_refuses(moves_refuses_a_four_position_under_classic_rules "needs a four-player ruleset"
                moves --rules hiddenfront --position "four -/-/-/EH1 west 0 136 -")
  junqi_refuses(moves_refuses_a_bad_flip_position "flip position: expected" moves --rules flip-kawu --position "flip x")
endif()
