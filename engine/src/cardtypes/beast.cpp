// Beast cards (gEngine "WRANGLE BEAST"; 2nd ed Paradise Lost "BEASTS"; Info):
// ridden by a warrior in the Outpost; its F, S, A and V change the warrior's
// base ratings before anything else; one Beast or one VEHICLE per warrior.
#include "dt/designations.hpp"
#include "internal.hpp"

namespace dt::detail {

CardId beast_of(const State& s, CardId w) {
  for (CardId a : attachments_of(s, w))
    if (s.def(a).type == CardType::Beast) return a;
  return kNoCard;
}

bool is_beast_warrior(const State& s, CardId w) { return s.def(w).has_designation(desig::Beast); }

void apply_beast(const State& s, CardId w, Stats& st) {
  const CardId b = beast_of(s, w);
  if (b == kNoCard) return;
  const CardDef& bd = s.def(b);
  st.f += bd.f.value_or(0);
  st.s += bd.s.value_or(0);
  st.a += bd.a;
  st.v += bd.v;
}

}  // namespace dt::detail
