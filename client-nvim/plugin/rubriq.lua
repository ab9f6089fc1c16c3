-- Filetype for .prompt files and the :Rubriq* commands. The server starts after require("rubriq").setup().
if vim.g.loaded_rubriq then
  return
end
vim.g.loaded_rubriq = true

-- 0.7 only reads vim.filetype.add with g:do_filetype_lua, so an autocmd covers it; setfiletype never overrides.
if vim.filetype and vim.filetype.add then
  vim.filetype.add({ extension = { prompt = "prompt" } })
end
vim.api.nvim_create_autocmd({ "BufRead", "BufNewFile" }, {
  pattern = "*.prompt",
  command = "setfiletype prompt",
})

local function rubriq()
  return require("rubriq")
end
vim.api.nvim_create_user_command("RubriqSQB", function(args)
  rubriq().run_sqb(args.args)
end, { nargs = "?", complete = "dir", desc = "Rubriq: run the Semantic Quality Benchmark on a folder" })
vim.api.nvim_create_user_command("RubriqRescore", function()
  rubriq().rescore()
end, { desc = "Rubriq: score the current pair again" })
vim.api.nvim_create_user_command("RubriqClearCache", function()
  rubriq().clear_cache()
end, { desc = "Rubriq: clear the model caches" })
vim.api.nvim_create_user_command("RubriqSQBCancel", function()
  rubriq().cancel_sqb()
end, { desc = "Rubriq: stop the SQB run after the current contender" })
vim.api.nvim_create_user_command("RubriqStatus", function()
  rubriq().show_status()
end, { desc = "Rubriq: models, caches and the last pass, in a float" })
vim.api.nvim_create_user_command("RubriqProfile", function()
  rubriq().show_profile()
end, { desc = "Rubriq: the whole profile of the current pair, in a float" })
vim.api.nvim_create_user_command("RubriqFixAll", function()
  rubriq().fix_all()
end, { desc = "Rubriq: insert every repair prompt not yet in the .prompt" })
vim.api.nvim_create_user_command("RubriqRule", function(args)
  rubriq().show_rule(args.args)
end, { nargs = 1, desc = "Rubriq: a rule's page (e.g. :RubriqRule IF001)" })
vim.api.nvim_create_user_command("RubriqEnable", function()
  rubriq().set_enabled(true)
end, { desc = "Rubriq: turn Rubriq on for this project" })
vim.api.nvim_create_user_command("RubriqDisable", function()
  rubriq().set_enabled(false)
end, { desc = "Rubriq: turn Rubriq off for this project" })
