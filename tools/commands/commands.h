// The subcommands of `junqi`. Each register function adds one subcommand and
// the action it runs (tools/junqi.cpp wires them all).
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace junqi::tools {

void registerAgents(CLI::App& app);
void registerBeliefs(CLI::App& app);
void registerBot(CLI::App& app);
// The bot command's options and action, shared with the junqi-bot program.
void addBotOptions(CLI::App* command);
int runBot();
void registerMatch(CLI::App& app);
void registerCompare(CLI::App& app);  // two matches on the same starts, pair by pair
void registerGauntlet(CLI::App& app);  // the style panel (search/styles/)
void registerExploit(CLI::App& app);   // the search-based exploiter (search/exploit/)
void registerBeliefsCheck(CLI::App& app);
void registerMoves(CLI::App& app);
void registerPerft(CLI::App& app);
void registerPlayRandom(CLI::App& app);
void registerReplay(CLI::App& app);
void registerRules(CLI::App& app);
void registerSetup(CLI::App& app);
void registerTactics(CLI::App& app);

// The training commands (LibTorch): the program junqi-train.
void registerTrain(CLI::App& app);
void registerExport(CLI::App& app);
// A self-play worker: in junqi, and in junqi-train for the LibTorch backend.
void registerSelfPlay(CLI::App& app);
// `junqi train ... --mpi` on every rank of an MPI job (train_mpi.cpp): rank 0
// runs `trainingProgram` (junqi-train) as the trainer; returns the exit status.
int runMpiTraining(int argc, char** argv, const std::string& trainingProgram);

}  // namespace junqi::tools
