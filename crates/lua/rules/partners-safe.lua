-- Partnership and team play where a partner's marble is safe: it can be
-- neither landed on nor jumped, and entering onto it is blocked too.
return {
  name = "partners-safe",
  game = "aggravation",
  description = "a partner's marble can be neither landed on nor jumped",
  params = { jump_partners = false, enter_onto_partner = false },
}
