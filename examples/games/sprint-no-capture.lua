-- Sprint without captures: pieces share the squares they land on.
return {
  name = "sprint-no-capture",
  game = "sprint",
  description = "Sprint with no captures: a piece landing on a rival shares its square",
  params = { capture = "none" },
}
