// junqi gauntlet AGENT: plays an agent against the whole style panel of its
// game (classic: search/styles/, Flip Junqi: search/styles/flip/, four-player:
// search/styles/four/; docs/panel.md) and prints its profile: the score
// against each member with a 95% interval, the panel as a whole, the worst
// member, and a plot (DIR/gauntlet.svg). Each member is a head-to-head match
// of the arena (classic: arena/match.h; Flip Junqi and four-player:
// arena/paired_match.h) in DIR/MEMBER/, each start (layout pair, deal, four
// layouts) played twice with seats swapped, and resumes like one; in
// four-player the member plays both armies of a team against the agent's
// team. A classic member whose style is its deployment (deploy=decoy, as the
// deployer) plays with both sides deploying their own layouts, for with the
// match's layouts its style would not show. External JBP bots (--bot
// NAME=COMMAND, as in junqi match) join the panel, or are the agent profiled,
// under the match's rules for bots: starts of their own, the seed kept from them.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <optional>

#include <fmt/format.h>

#include "arena/flip/flip_match.h"
#include "arena/four/four_match.h"
#include "arena/match.h"
#include "arena/match_seeds.h"
#include "arena/svg_plot.h"
#include "core/directory_lock.h"
#include "search/registry.h"
#include "search/styles/flip/flip_style_agent.h"
#include "search/styles/four/four_style_agent.h"
#include "search/styles/style_agent.h"
#include "tools/commands/commands.h"
#include "tools/commands/common.h"

namespace junqi::tools {

namespace {

struct GauntletOptions {
  std::string agent, rules, out;
  std::vector<std::string> panel, bots;  // bots: "NAME=COMMAND" texts
  bool seedGiven = false;
  int pairs = 10, concurrency = 1, maxPlies = 0;  // 0: the game's own (classic and flip 2000, four 3000)
  std::uint64_t seed = 1;
  std::string game = "classic";  // of the rules: classic, flip or four
};

// One member's result: the agent's score with its 95% interval.
struct MemberScore {
  std::string name, spec;
  bool ownLayouts = false, bot = false;
  Trinomial counts;
  double score = 0, stdError = 0;
  double low() const { return interval().first; }
  double high() const { return interval().second; }
  // Score +- 1.96 standard errors; where every game had one result (no
  // spread to measure) Wilson's interval for the games instead, not a point.
  std::pair<double, double> interval() const {
    if (stdError > 0) return {std::max(0.0, score - kZ95 * stdError), std::min(1.0, score + kZ95 * stdError)};
    const Interval w = wilsonInterval(score, static_cast<double>(counts.games()));
    return {w.low, w.high};
  }
};

// The canonical spec of `spec` as an agent of `game` (four-player: a team,
// "A+B" for a mixed one), or a one-line error naming it.
std::string checkedSpec(const std::string& game, const std::string& spec, const std::string& what) {
  try {
    if (game == "flip") return makeFlipAgent(spec)->spec();
    if (game != "four") return makeAgent(spec)->spec();
    const auto team = teamSpecs(spec);
    const std::string first = makeFourAgent(team[0])->spec(), second = makeFourAgent(team[1])->spec();
    return first == second ? first : first + "+" + second;
  } catch (const AgentSpecError& e) {
    throw std::invalid_argument(fmt::format("{} '{}': {}", what, spec, e.what()));
  }
}

// The default panel of `game`.
std::vector<std::string> defaultPanel(const std::string& game) {
  return game == "flip" ? flipPanelSpecs() : game == "four" ? fourPanelSpecs() : panelSpecs();
}

// A member's kind; a mixed four-player team's two kinds joined ("rush_turtle").
std::string memberKind(const std::string& game, const std::string& spec) {
  if (game != "four") return AgentParams::parse(spec).name();
  const auto team = teamSpecs(spec);
  const std::string first = AgentParams::parse(team[0]).name(), second = AgentParams::parse(team[1]).name();
  return first == second ? first : first + "_" + second;
}

// Names the members by their kinds ("rush", then "rush-2" for a second rush).
std::vector<MatchPlayer> panelMembers(const std::string& game, const std::vector<std::string>& specs) {
  std::vector<MatchPlayer> members;
  std::map<std::string, int> seen;
  for (const std::string& spec : specs) {
    checkedSpec(game, spec, "panel member");
    const std::string kind = memberKind(game, spec);
    const int n = ++seen[kind];
    members.push_back({n == 1 ? kind : fmt::format("{}-{}", kind, n), spec, ""});
  }
  return members;
}

// The external bots, each named once and by no built-in member (nor "panel",
// the profile's last row): the agent's own bot taken out into `agentBot`,
// the others joining `members`.
void addBots(std::vector<MatchPlayer>& members, const std::vector<MatchPlayer>& bots, const std::string& agent,
             std::optional<MatchPlayer>& agentBot) {
  std::map<std::string, std::string> taken{{"panel", "the profile's row of the whole panel"}};
  for (const MatchPlayer& m : members) taken.emplace(m.name, "a panel member");
  for (const MatchPlayer& b : bots) {
    if (const auto it = taken.find(b.name); it != taken.end())
      throw std::invalid_argument(fmt::format("--bot {}: the name '{}' is taken by {}", b.name, b.name, it->second));
    taken.emplace(b.name, "another --bot");
    if (b.name == agent) agentBot = b;
    else members.push_back(b);
  }
}

// The seed of a member's match. With bots each member's match has a seed of
// its own, a keyed one-way hash of the gauntlet's seed and the member's name:
// a bot that reads another member's directory (a match of built-in agents
// keeps its seed in match.json) learns nothing of its own games. Without
// bots, the gauntlet's seed itself (directories begun so still resume).
std::uint64_t memberSeed(const GauntletOptions& o, const std::string& member) {
  if (o.bots.empty()) return o.seed;
  std::uint32_t h = 2166136261u;  // FNV-1a of the name
  for (const char c : member) h = (h ^ static_cast<unsigned char>(c)) * 16777619u;
  return matchGameSeed(o.seed, static_cast<int>((h & 0x3fffffffu) | 0x40000000u));  // above any game's number
}

// The agent's score over a member's games (the agent is player 0): per
// start pair (pentanomial) where the starts were paired, else per game.
void scoreMember(MemberScore& m, const std::vector<RatedGame>& games) {
  for (const RatedGame& g : games) m.counts.add(*g.scoreOf(0));
  m.score = m.counts.score();
  const PairCounts pairs = pentanomialCounts(games, 0, 1);
  m.stdError = !m.ownLayouts && pairs.penta.pairs() > 1 ? pentanomialScoreStdError(pairs.penta)
                                                        : trinomialScoreStdError(m.counts);
  if (std::isnan(m.stdError)) m.stdError = 0;  // too few games to measure a spread: Wilson's interval
}

// The settings every member's match shares: the agent (player 0) against the member.
void gauntletSettings(MatchSettings& mo, const GauntletOptions& o, const MatchPlayer& agent, const MatchPlayer& member) {
  mo.players = {agent, member};
  mo.schedule = MatchSchedule::Gauntlet;
  mo.pairs = o.pairs, mo.concurrency = o.concurrency, mo.seed = memberSeed(o, member.name);
  if (o.maxPlies > 0) mo.maxPlies = o.maxPlies;
  mo.outDir = (std::filesystem::path(o.out) / member.name).string();
}

std::function<void(const std::string&)> memberProgress(const std::string& name) {
  return [name](const std::string& line) { fmt::print(stderr, "{}: {}\n", name, line); };
}

std::vector<RatedGame> playClassicMember(const GauntletOptions& o, const MatchPlayer& agent, const MatchPlayer& member,
                                         const MemberScore& m) {
  MatchOptions mo;
  mo.ruleset = Ruleset::parse(o.rules);
  gauntletSettings(mo, o, agent, member);
  mo.agentLayouts = m.ownLayouts;
  Match match(mo);
  std::vector<RatedGame> games;
  for (const MatchGameResult& r : match.run(memberProgress(m.name)).results)
    games.push_back({r.game.red, r.game.blue, r.outcome.scoreFor(Seat::Red), m.ownLayouts ? -1 : r.game.pair});
  return games;
}

// A member of the Flip Junqi or four-player panel: a paired match of game G.
template <class G>
std::vector<RatedGame> playPairedMember(const GauntletOptions& o, const MatchPlayer& agent, const MatchPlayer& member,
                                        const MemberScore& m) {
  PairedMatchOptions<G> mo;
  mo.rules = G::Rules::parse(o.rules);
  gauntletSettings(mo, o, agent, member);
  PairedMatch<G> match(mo);
  std::vector<RatedGame> games;
  for (const PairedMatchResult<G>& r : match.run(memberProgress(m.name)).results)
    games.push_back({r.game.first, r.game.second, G::firstScore(r.outcome), r.game.pair});
  return games;
}

MemberScore playMember(const GauntletOptions& o, const MatchPlayer& agent, const MatchPlayer& member) {
  MemberScore m;
  m.name = member.name, m.spec = member.command.empty() ? member.agent : member.command;
  m.bot = !member.command.empty();
  m.ownLayouts = o.game == "classic" && !m.bot &&
                 checkedSpec(o.game, member.agent, "panel member").find("deploy=decoy") != std::string::npos;
  if (o.game == "flip") scoreMember(m, playPairedMember<FlipMatchGame>(o, agent, member, m));
  else if (o.game == "four") scoreMember(m, playPairedMember<FourMatchGame>(o, agent, member, m));
  else scoreMember(m, playClassicMember(o, agent, member, m));
  return m;
}

// The panel as a whole: the mean of the member scores (each member weighs the same).
MemberScore wholePanel(const std::vector<MemberScore>& members) {
  MemberScore all;
  all.name = "panel";
  double variance = 0;
  for (const MemberScore& m : members) {
    all.score += m.score / static_cast<double>(members.size());
    variance += m.stdError * m.stdError;
    all.counts.wins += m.counts.wins, all.counts.draws += m.counts.draws, all.counts.losses += m.counts.losses;
  }
  all.stdError = std::sqrt(variance) / static_cast<double>(members.size());
  return all;
}

std::string percent(double v) { return fmt::format("{:.1f}%", 100 * v); }

std::string profileTable(const std::string& agent, const GauntletOptions& o, const std::vector<MemberScore>& members,
                         const MemberScore& all, const MemberScore& worst) {
  // gauntlet.txt lies where a bot could read it, and a rerun's bots would.
  const std::string seed = o.bots.empty() ? std::to_string(o.seed) : "withheld from the bots";
  const bool one = o.pairs == 1;
  const std::string start = o.game == "flip"   ? (one ? "deal" : "deals")
                            : o.game == "four" ? (one ? "deal of four layouts" : "deals of four layouts")
                                               : (one ? "layout pair" : "layout pairs");
  const std::string panel = o.game == "classic" ? "the style panel" : "the " + gameTitle(o.game) + " style panel";
  std::string t = fmt::format("gauntlet of {} against {} ({} {} a member, each played twice, seed {})\n", agent,
                              panel, o.pairs, start, seed);
  t += fmt::format("{:<12} {:>5}  {:>11}  {:>6}  {}\n", "member", "games", "W-D-L", "score", "95% interval");
  for (const MemberScore* m : [&] {
         std::vector<const MemberScore*> rows;
         for (const MemberScore& x : members) rows.push_back(&x);
         rows.push_back(&all);
         return rows;
       }())
    t += fmt::format("{:<12} {:>5}  {:>11}  {:>6}  [{}, {}]{}\n", m->name, m->counts.games(),
                     fmt::format("{}-{}-{}", m->counts.wins, m->counts.draws, m->counts.losses), percent(m->score),
                     percent(m->low()), percent(m->high()),
                     m->ownLayouts ? "  (own layouts, unpaired)" : m->bot ? "  (JBP bot, starts of its own)" : "");
  t += fmt::format("worst member: {} ({} [{}, {}])\n", worst.name, percent(worst.score), percent(worst.low()),
                   percent(worst.high()));
  return t;
}

// The profile as a picture: the score against each member and the panel,
// with its interval, the 50% line, the worst member in red.
std::string profileSvg(const std::string& agent, const std::vector<MemberScore>& members, const MemberScore& all,
                       const std::string& worst) {
  std::vector<const MemberScore*> rows;
  for (const MemberScore& m : members) rows.push_back(&m);
  rows.push_back(&all);
  const double width = 120 + 80.0 * static_cast<double>(rows.size()), height = 340;
  svg::Panel p{svg::kYAxisMargin + 10, 40, width - svg::kYAxisMargin - 30, height - 40 - svg::kXAxisMargin - 10,
               0, static_cast<double>(rows.size()), 0, 100};
  std::string out = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0:.0f}\" height=\"{1:.0f}\" viewBox=\"0 0 {0:.0f} {1:.0f}\" "
      "font-family=\"sans-serif\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n",
      width, height);
  const std::string title = "Gauntlet of " + agent + " against the style panel";
  out += svg::text(width / 2, 22, title, svg::fittedSize(title, width - 20, 14));
  svg::yAxis(out, p, "score (%, 95% interval)");
  out += svg::line(p.left, p.y(50), p.right(), p.y(50), "#999", "stroke-dasharray=\"4 3\"");
  std::vector<std::string> names;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const MemberScore& m = *rows[i];
    names.push_back(m.name);
    const double x = p.x(static_cast<double>(i) + 0.5);
    const std::string colour = m.name == worst ? "#c0392b" : m.name == "panel" ? "#333333" : "#1f5fa8";
    out += fmt::format("<g class=\"member\"><title>{}: {} [{}, {}]</title>", xmlEscape(m.name), percent(m.score),
                       percent(m.low()), percent(m.high()));
    out += svg::line(x, p.y(100 * m.low()), x, p.y(100 * m.high()), colour, "stroke-width=\"2\"");
    for (const double v : {m.low(), m.high()}) out += svg::line(x - 6, p.y(100 * v), x + 6, p.y(100 * v), colour, "stroke-width=\"2\"");
    out += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"4\" fill=\"{}\"/></g>\n", x, p.y(100 * m.score), colour);
  }
  svg::categoryAxis(out, p, names, "panel member");
  return out + "</svg>\n";
}

// The profiled player: the external bot the agent names, else the built-in
// agent, named by its kind ("tested-KIND" where a member has that name).
MatchPlayer profiledPlayer(const GauntletOptions& o, const std::optional<MatchPlayer>& agentBot,
                           const std::vector<MatchPlayer>& members) {
  if (agentBot) return *agentBot;
  checkedSpec(o.game, o.agent, "agent");
  MatchPlayer agent{memberKind(o.game, o.agent), o.agent, ""};
  for (const MatchPlayer& m : members)
    if (m.name == agent.name) agent.name = "tested-" + agent.name;
  return agent;
}

// Every member's score, in panel order; the matches with a bot are played
// first, so that a bot that cannot play stops the gauntlet before the long ones.
std::vector<MemberScore> playPanel(const GauntletOptions& o, const MatchPlayer& agent,
                                   const std::vector<MatchPlayer>& members) {
  std::vector<MemberScore> scores(members.size());
  for (const bool bots : {true, false})
    for (std::size_t i = 0; i < members.size(); ++i)
      if (bots == (!agent.command.empty() || !members[i].command.empty()))
        scores[i] = playMember(o, agent, members[i]);
  return scores;
}

int runGauntlet(GauntletOptions o) {
  o.game = gameOfRules(o.rules);
  const std::vector<MatchPlayer> bots = botPlayers(o.bots);
  if (!bots.empty()) keepSeedFromBots("gauntlet", o.seed, o.seedGiven);
  auto members = panelMembers(o.game, o.panel.empty() ? defaultPanel(o.game) : o.panel);
  std::optional<MatchPlayer> agentBot;
  addBots(members, bots, o.agent, agentBot);
  const MatchPlayer agent = profiledPlayer(o, agentBot, members);
  const DirectoryLock lock(o.out, "gauntlet");  // its member matches' folders and the profile
  const std::vector<MemberScore> scores = playPanel(o, agent, members);
  const MemberScore all = wholePanel(scores);
  const MemberScore& worst = *std::min_element(scores.begin(), scores.end(),
                                               [](const MemberScore& a, const MemberScore& b) { return a.score < b.score; });
  const std::string table = profileTable(o.agent, o, scores, all, worst);
  const std::filesystem::path dir(o.out);
  std::ofstream(dir / "gauntlet.txt") << table;
  std::ofstream(dir / "gauntlet.svg") << profileSvg(o.agent, scores, all, worst.name);
  fmt::print("\n{}profile: {}, plot: {}\n", table, (dir / "gauntlet.txt").string(), (dir / "gauntlet.svg").string());
  return 0;
}

}  // namespace

void registerGauntlet(CLI::App& app) {
  auto* cmd = app.add_subcommand("gauntlet", "Play an agent against the style panel and print its profile");
  static GauntletOptions o;
  cmd->add_option("agent", o.agent, "The agent spec to profile (e.g. ismcts:sims=400), or a --bot's NAME")->required();
  addRulesOption(cmd, o.rules, Games::all());
  cmd->add_option("--panel", o.panel,
                  "A panel member's spec, an agent of the game (repeat; default: classic rush, turtle, bluffer, "
                  "raider, bomber, deployer; Flip Junqi flipper, hoarder, rusher, trader; four-player rush, turtle, "
                  "partner, bomber, each playing a team)");
  addBotOption(cmd, o.bots)
      ->description("An external JBP bot: NAME=COMMAND (repeat); a panel member, or the agent profiled where the "
                    "agent is its NAME");
  cmd->add_option("--pairs", o.pairs, "Layout pairs (deals) per member (each played twice, seats swapped)")
      ->check(atLeast(1))
      ->capture_default_str();
  cmd->add_option("--concurrency", o.concurrency, "Games at once")->check(atLeast(1))->capture_default_str();
  cmd->add_option("--seed", o.seed, "Seed of the layouts and the agents' game seeds")->capture_default_str();
  cmd->add_option("--max-plies", o.maxPlies,
                  "Adjudicate a draw after this many moves (default: the game's, 2000; four-player 3000)")
      ->check(atLeast(1));
  cmd->add_option("--out", o.out, "Directory: a match per member (DIR/MEMBER/), gauntlet.txt and gauntlet.svg; "
                                  "rerun to resume")
      ->required();
  setAction(cmd, [cmd] {
    o.seedGiven = cmd->count("--seed") > 0;
    return runGauntlet(o);
  });
}

}  // namespace junqi::tools
