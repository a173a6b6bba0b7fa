# junqi serve (issue 40): the operator's agent menu refused at start when it
# cannot be offered; beyond 127.0.0.1 a warning and a token.
if(TARGET junqi)
  junqi_refuses(serve_refuses_an_agent_without_a_name "--agent 'ismcts': is not NAME=SPEC"
                serve --port 0 --agent ismcts)
  junqi_refuses(serve_refuses_an_agent_past_the_budget "--agent 'big=ismcts:sims=10000000': sims=10000000 is past the budget"
                serve --port 0 --agent big=ismcts:sims=10000000)
  junqi_refuses(serve_refuses_an_agent_whose_weights_are_not_there "/no/such/bot.jqw"
                serve --port 0 --agent bot=nn:weights=/no/such/bot.jqw)
  junqi_refuses(serve_refuses_a_preset_with_overrides "the page opens with a preset named without overrides"
                serve --port 0 --rules flip-kawu:quiet-moves=20)
  add_test(NAME web_serve_beyond_this_machine
           COMMAND sh ${PROJECT_SOURCE_DIR}/tests/web/serve_beyond_this_machine.sh $<TARGET_FILE:junqi>
                   ${CMAKE_BINARY_DIR}/tests/web/beyond)
  set_tests_properties(web_serve_beyond_this_machine PROPERTIES TIMEOUT 60)
endif()
