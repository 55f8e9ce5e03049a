# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_ulcas_global_optspecs
    string join \n color= q/quiet v/verbose h/help V/version
end

function __fish_ulcas_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_ulcas_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_ulcas_using_subcommand
    set -l cmd (__fish_ulcas_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c ulcas -n "__fish_ulcas_needs_command" -l color -d 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr' -r -f -a "auto\t'Colour when stdout is a terminal (not with NO_COLOR or TERM=dumb; always with CLICOLOR_FORCE)'
always\t'Always colour'
never\t'Never colour'"
complete -c ulcas -n "__fish_ulcas_needs_command" -s q -l quiet -d 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
complete -c ulcas -n "__fish_ulcas_needs_command" -s v -l verbose -d 'Say more: verify lists every finding on its own line, as found; serve logs each miss\'s whole explanation'
complete -c ulcas -n "__fish_ulcas_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c ulcas -n "__fish_ulcas_needs_command" -s V -l version -d 'Print version'
complete -c ulcas -n "__fish_ulcas_needs_command" -f -a "normalize" -d 'Show the normalised content and placeholder map of requests: exactly what the key sees'
complete -c ulcas -n "__fish_ulcas_needs_command" -f -a "hash" -d 'Print the key (hash) and expected cassette path of requests'
complete -c ulcas -n "__fish_ulcas_needs_command" -f -a "record" -d 'Record an answer for a request into a store, in the reference format'
complete -c ulcas -n "__fish_ulcas_needs_command" -f -a "verify" -d 'Check cassette stores: format, location, placeholders, schemas, secrets, staleness'
complete -c ulcas -n "__fish_ulcas_needs_command" -f -a "lookup" -d 'Find the cassette of requests and explain every miss'
complete -c ulcas -n "__fish_ulcas_needs_command" -f -a "diff" -d 'Compare two requests, cassettes or stores in the terms the key sees'
complete -c ulcas -n "__fish_ulcas_needs_command" -f -a "prune" -d 'Find cassettes that can never be hit again, and delete them with --delete'
complete -c ulcas -n "__fish_ulcas_needs_command" -f -a "backfill" -d 'Add the request material of request dumps to the existing cassettes they hit'
complete -c ulcas -n "__fish_ulcas_needs_command" -f -a "migrate" -d 'Carry the answers that fit a task\'s new output schema over to its new key (--write)'
complete -c ulcas -n "__fish_ulcas_needs_command" -f -a "review" -d 'What a prompt bump changed, answer by answer, before the old version goes; or, with --against REF, what a re-recording at the same version changed since a git revision'
complete -c ulcas -n "__fish_ulcas_needs_command" -f -a "lock" -d 'Write each store\'s ulcas.lock: what each recorded version was recorded with'
complete -c ulcas -n "__fish_ulcas_needs_command" -f -a "serve" -d 'Serve the stores as a local model API (Messages, Chat Completions, Responses) endpoint'
complete -c ulcas -n "__fish_ulcas_needs_command" -f -a "completions" -d 'Print a shell completion script'
complete -c ulcas -n "__fish_ulcas_needs_command" -f -a "manpage" -d 'Print the man page (roff) of ulcas, or of one subcommand (`ulcas manpage verify`)'
complete -c ulcas -n "__fish_ulcas_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c ulcas -n "__fish_ulcas_using_subcommand normalize" -l format -d 'Output format: human text or JSON Lines' -r -f -a "human\t'Readable text'
json\t'JSON Lines on stdout, one object per event'"
complete -c ulcas -n "__fish_ulcas_using_subcommand normalize" -l color -d 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr' -r -f -a "auto\t'Colour when stdout is a terminal (not with NO_COLOR or TERM=dumb; always with CLICOLOR_FORCE)'
always\t'Always colour'
never\t'Never colour'"
complete -c ulcas -n "__fish_ulcas_using_subcommand normalize" -s q -l quiet -d 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
complete -c ulcas -n "__fish_ulcas_using_subcommand normalize" -s v -l verbose -d 'Say more: verify lists every finding on its own line, as found; serve logs each miss\'s whole explanation'
complete -c ulcas -n "__fish_ulcas_using_subcommand normalize" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c ulcas -n "__fish_ulcas_using_subcommand normalize" -s V -l version -d 'Print version'
complete -c ulcas -n "__fish_ulcas_using_subcommand hash" -l cassettes -d 'A store root (repeatable; default: the stores of ulcas.toml, else ./cassettes)' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand hash" -l prompts -d 'Prompt registries: <DIR>/<task>/v<N>.md with front matter' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand hash" -l schemas -d 'Where the prompts\' `schema:` paths resolve (default: `schemas` beside each prompts folder)' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand hash" -l pin -d 'Take version N as the task\'s current one' -r
complete -c ulcas -n "__fish_ulcas_using_subcommand hash" -l config -d 'A config file to read instead of looking for ulcas.toml' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand hash" -l format -d 'Output format: human text or JSON Lines' -r -f -a "human\t'Readable text'
json\t'JSON Lines on stdout, one object per event'"
complete -c ulcas -n "__fish_ulcas_using_subcommand hash" -l color -d 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr' -r -f -a "auto\t'Colour when stdout is a terminal (not with NO_COLOR or TERM=dumb; always with CLICOLOR_FORCE)'
always\t'Always colour'
never\t'Never colour'"
complete -c ulcas -n "__fish_ulcas_using_subcommand hash" -s q -l quiet -d 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
complete -c ulcas -n "__fish_ulcas_using_subcommand hash" -s v -l verbose -d 'Say more: verify lists every finding on its own line, as found; serve logs each miss\'s whole explanation'
complete -c ulcas -n "__fish_ulcas_using_subcommand hash" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c ulcas -n "__fish_ulcas_using_subcommand hash" -s V -l version -d 'Print version'
complete -c ulcas -n "__fish_ulcas_using_subcommand record" -l response -d 'The model\'s raw answer: a file, or `-` for standard input (taken byte for byte)' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand record" -l model -d 'The model that answered [default: the dump\'s `model`, else `recorded`]' -r
complete -c ulcas -n "__fish_ulcas_using_subcommand record" -l stop-reason -d 'Why the model stopped' -r
complete -c ulcas -n "__fish_ulcas_using_subcommand record" -l refusal-category -d 'The refusal category, for a refusal' -r
complete -c ulcas -n "__fish_ulcas_using_subcommand record" -l usage -d 'Usage counters as a JSON object (missing reference counters are 0)' -r
complete -c ulcas -n "__fish_ulcas_using_subcommand record" -l prompt-id -d 'The prompt id to write (default: the request\'s `prompt_id`)' -r
complete -c ulcas -n "__fish_ulcas_using_subcommand record" -l cassettes -d 'A store root (repeatable; default: the stores of ulcas.toml, else ./cassettes)' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand record" -l prompts -d 'Prompt registries: <DIR>/<task>/v<N>.md with front matter' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand record" -l schemas -d 'Where the prompts\' `schema:` paths resolve (default: `schemas` beside each prompts folder)' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand record" -l pin -d 'Take version N as the task\'s current one' -r
complete -c ulcas -n "__fish_ulcas_using_subcommand record" -l config -d 'A config file to read instead of looking for ulcas.toml' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand record" -l format -d 'Output format: human text or JSON Lines' -r -f -a "human\t'Readable text'
json\t'JSON Lines on stdout, one object per event'"
complete -c ulcas -n "__fish_ulcas_using_subcommand record" -l color -d 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr' -r -f -a "auto\t'Colour when stdout is a terminal (not with NO_COLOR or TERM=dumb; always with CLICOLOR_FORCE)'
always\t'Always colour'
never\t'Never colour'"
complete -c ulcas -n "__fish_ulcas_using_subcommand record" -l force -d 'Replace an existing cassette that differs'
complete -c ulcas -n "__fish_ulcas_using_subcommand record" -l no-request-material -d 'Leave out the `request` block: write exactly the reference recorder\'s bytes'
complete -c ulcas -n "__fish_ulcas_using_subcommand record" -s q -l quiet -d 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
complete -c ulcas -n "__fish_ulcas_using_subcommand record" -s v -l verbose -d 'Say more: verify lists every finding on its own line, as found; serve logs each miss\'s whole explanation'
complete -c ulcas -n "__fish_ulcas_using_subcommand record" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c ulcas -n "__fish_ulcas_using_subcommand record" -s V -l version -d 'Print version'
complete -c ulcas -n "__fish_ulcas_using_subcommand verify" -l cassettes -d 'A store root (repeatable; default: the stores of ulcas.toml, else ./cassettes)' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand verify" -l prompts -d 'Prompt registries: <DIR>/<task>/v<N>.md with front matter' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand verify" -l schemas -d 'Where the prompts\' `schema:` paths resolve (default: `schemas` beside each prompts folder)' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand verify" -l pin -d 'Take version N as the task\'s current one' -r
complete -c ulcas -n "__fish_ulcas_using_subcommand verify" -l config -d 'A config file to read instead of looking for ulcas.toml' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand verify" -l deny -d 'Make warnings fail too (`--deny warnings`)' -r -f -a "warnings\t'Warnings fail like errors'"
complete -c ulcas -n "__fish_ulcas_using_subcommand verify" -l requests -d 'Request dumps of a test run (files or folders): each must have its cassette' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand verify" -l format -d 'Output format' -r -f -a "human\t'Readable text, findings grouped'
json\t'JSON Lines on stdout, one object per finding'
github\t'GitHub workflow annotations and a job summary'
sarif\t'SARIF 2.1.0, for GitHub code scanning'"
complete -c ulcas -n "__fish_ulcas_using_subcommand verify" -l color -d 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr' -r -f -a "auto\t'Colour when stdout is a terminal (not with NO_COLOR or TERM=dumb; always with CLICOLOR_FORCE)'
always\t'Always colour'
never\t'Never colour'"
complete -c ulcas -n "__fish_ulcas_using_subcommand verify" -s q -l quiet -d 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
complete -c ulcas -n "__fish_ulcas_using_subcommand verify" -s v -l verbose -d 'Say more: verify lists every finding on its own line, as found; serve logs each miss\'s whole explanation'
complete -c ulcas -n "__fish_ulcas_using_subcommand verify" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c ulcas -n "__fish_ulcas_using_subcommand verify" -s V -l version -d 'Print version'
complete -c ulcas -n "__fish_ulcas_using_subcommand lookup" -l cassettes -d 'A store root (repeatable; default: the stores of ulcas.toml, else ./cassettes)' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand lookup" -l prompts -d 'Prompt registries: <DIR>/<task>/v<N>.md with front matter' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand lookup" -l schemas -d 'Where the prompts\' `schema:` paths resolve (default: `schemas` beside each prompts folder)' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand lookup" -l pin -d 'Take version N as the task\'s current one' -r
complete -c ulcas -n "__fish_ulcas_using_subcommand lookup" -l config -d 'A config file to read instead of looking for ulcas.toml' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand lookup" -l schema -d 'Also try this schema (a JSON file) in place of the request\'s' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand lookup" -l mode -d 'What a miss gives: nothing (cassette) or a synthetic answer' -r -f -a "cassette\t'A miss is a miss (the driver\'s cassette-only mode)'
synthetic\t'A miss is answered with a deterministic schema-valid answer'"
complete -c ulcas -n "__fish_ulcas_using_subcommand lookup" -l format -d 'Output format: human text or JSON Lines' -r -f -a "human\t'Readable text'
json\t'JSON Lines on stdout, one object per event'"
complete -c ulcas -n "__fish_ulcas_using_subcommand lookup" -l color -d 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr' -r -f -a "auto\t'Colour when stdout is a terminal (not with NO_COLOR or TERM=dumb; always with CLICOLOR_FORCE)'
always\t'Always colour'
never\t'Never colour'"
complete -c ulcas -n "__fish_ulcas_using_subcommand lookup" -l replay -d 'Print only the answer on stdout, as the driver would return it (the rest on stderr)'
complete -c ulcas -n "__fish_ulcas_using_subcommand lookup" -s q -l quiet -d 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
complete -c ulcas -n "__fish_ulcas_using_subcommand lookup" -s v -l verbose -d 'Say more: verify lists every finding on its own line, as found; serve logs each miss\'s whole explanation'
complete -c ulcas -n "__fish_ulcas_using_subcommand lookup" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c ulcas -n "__fish_ulcas_using_subcommand lookup" -s V -l version -d 'Print version'
complete -c ulcas -n "__fish_ulcas_using_subcommand diff" -l format -d 'Output format: human text or JSON Lines' -r -f -a "human\t'Readable text'
json\t'JSON Lines on stdout, one object per event'"
complete -c ulcas -n "__fish_ulcas_using_subcommand diff" -l color -d 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr' -r -f -a "auto\t'Colour when stdout is a terminal (not with NO_COLOR or TERM=dumb; always with CLICOLOR_FORCE)'
always\t'Always colour'
never\t'Never colour'"
complete -c ulcas -n "__fish_ulcas_using_subcommand diff" -l stat -d 'For two stores: only the summary of added, removed and changed cassettes'
complete -c ulcas -n "__fish_ulcas_using_subcommand diff" -s q -l quiet -d 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
complete -c ulcas -n "__fish_ulcas_using_subcommand diff" -s v -l verbose -d 'Say more: verify lists every finding on its own line, as found; serve logs each miss\'s whole explanation'
complete -c ulcas -n "__fish_ulcas_using_subcommand diff" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c ulcas -n "__fish_ulcas_using_subcommand diff" -s V -l version -d 'Print version'
complete -c ulcas -n "__fish_ulcas_using_subcommand prune" -l cassettes -d 'A store root (repeatable; default: the stores of ulcas.toml, else ./cassettes)' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand prune" -l prompts -d 'Prompt registries: <DIR>/<task>/v<N>.md with front matter' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand prune" -l schemas -d 'Where the prompts\' `schema:` paths resolve (default: `schemas` beside each prompts folder)' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand prune" -l pin -d 'Take version N as the task\'s current one' -r
complete -c ulcas -n "__fish_ulcas_using_subcommand prune" -l config -d 'A config file to read instead of looking for ulcas.toml' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand prune" -l journal -d 'Journals of the cassettes a test run loaded (one path per line; one file per shard): the cassettes they list are used, and never deleted' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand prune" -l requests -d 'Request dumps (files or folders) of a test run: the cassettes they hit are used, and never deleted' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand prune" -l format -d 'Output format: human text, JSON Lines or GitHub workflow annotations' -r -f -a "human\t'Readable text'
json\t'JSON Lines on stdout, one object per event'
github\t'GitHub workflow annotations and a job summary'"
complete -c ulcas -n "__fish_ulcas_using_subcommand prune" -l color -d 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr' -r -f -a "auto\t'Colour when stdout is a terminal (not with NO_COLOR or TERM=dumb; always with CLICOLOR_FORCE)'
always\t'Always colour'
never\t'Never colour'"
complete -c ulcas -n "__fish_ulcas_using_subcommand prune" -l complete-run -d 'The journals and dumps given are a whole test run (every shard): current cassettes that none of them references can go as `unreferenced`'
complete -c ulcas -n "__fish_ulcas_using_subcommand prune" -l delete -d 'Delete what can go (default: only report)'
complete -c ulcas -n "__fish_ulcas_using_subcommand prune" -l orphans -d 'Also delete orphan-task cassettes (no prompt folder has their task)'
complete -c ulcas -n "__fish_ulcas_using_subcommand prune" -l include-last-recordings -d 'Also delete the last recordings of a task whose current version has none yet'
complete -c ulcas -n "__fish_ulcas_using_subcommand prune" -s q -l quiet -d 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
complete -c ulcas -n "__fish_ulcas_using_subcommand prune" -s v -l verbose -d 'Say more: verify lists every finding on its own line, as found; serve logs each miss\'s whole explanation'
complete -c ulcas -n "__fish_ulcas_using_subcommand prune" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c ulcas -n "__fish_ulcas_using_subcommand prune" -s V -l version -d 'Print version'
complete -c ulcas -n "__fish_ulcas_using_subcommand backfill" -l requests -d 'Request dumps: a file or folder (e.g. the ULCAS_DUMP_DIR of a test run); repeatable' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand backfill" -l cassettes -d 'A store root (repeatable; default: the stores of ulcas.toml, else ./cassettes)' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand backfill" -l prompts -d 'Prompt registries: <DIR>/<task>/v<N>.md with front matter' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand backfill" -l schemas -d 'Where the prompts\' `schema:` paths resolve (default: `schemas` beside each prompts folder)' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand backfill" -l pin -d 'Take version N as the task\'s current one' -r
complete -c ulcas -n "__fish_ulcas_using_subcommand backfill" -l config -d 'A config file to read instead of looking for ulcas.toml' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand backfill" -l format -d 'Output format: human text or JSON Lines' -r -f -a "human\t'Readable text'
json\t'JSON Lines on stdout, one object per event'"
complete -c ulcas -n "__fish_ulcas_using_subcommand backfill" -l color -d 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr' -r -f -a "auto\t'Colour when stdout is a terminal (not with NO_COLOR or TERM=dumb; always with CLICOLOR_FORCE)'
always\t'Always colour'
never\t'Never colour'"
complete -c ulcas -n "__fish_ulcas_using_subcommand backfill" -s q -l quiet -d 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
complete -c ulcas -n "__fish_ulcas_using_subcommand backfill" -s v -l verbose -d 'Say more: verify lists every finding on its own line, as found; serve logs each miss\'s whole explanation'
complete -c ulcas -n "__fish_ulcas_using_subcommand backfill" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c ulcas -n "__fish_ulcas_using_subcommand backfill" -s V -l version -d 'Print version'
complete -c ulcas -n "__fish_ulcas_using_subcommand migrate" -l cassettes -d 'A store root (repeatable; default: the stores of ulcas.toml, else ./cassettes)' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand migrate" -l prompts -d 'Prompt registries: <DIR>/<task>/v<N>.md with front matter' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand migrate" -l schemas -d 'Where the prompts\' `schema:` paths resolve (default: `schemas` beside each prompts folder)' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand migrate" -l pin -d 'Take version N as the task\'s current one' -r
complete -c ulcas -n "__fish_ulcas_using_subcommand migrate" -l config -d 'A config file to read instead of looking for ulcas.toml' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand migrate" -l schema -d 'The new schema (default: the registry\'s schema of the task\'s current version)' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand migrate" -l format -d 'Output format: human text, JSON Lines or GitHub workflow annotations' -r -f -a "human\t'Readable text'
json\t'JSON Lines on stdout, one object per event'
github\t'GitHub workflow annotations and a job summary'"
complete -c ulcas -n "__fish_ulcas_using_subcommand migrate" -l color -d 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr' -r -f -a "auto\t'Colour when stdout is a terminal (not with NO_COLOR or TERM=dumb; always with CLICOLOR_FORCE)'
always\t'Always colour'
never\t'Never colour'"
complete -c ulcas -n "__fish_ulcas_using_subcommand migrate" -l write -d 'Write the carried-over cassettes (default: only report)'
complete -c ulcas -n "__fish_ulcas_using_subcommand migrate" -s q -l quiet -d 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
complete -c ulcas -n "__fish_ulcas_using_subcommand migrate" -s v -l verbose -d 'Say more: verify lists every finding on its own line, as found; serve logs each miss\'s whole explanation'
complete -c ulcas -n "__fish_ulcas_using_subcommand migrate" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c ulcas -n "__fish_ulcas_using_subcommand migrate" -s V -l version -d 'Print version'
complete -c ulcas -n "__fish_ulcas_using_subcommand review" -l against -d 'Review a re-recording against a git revision instead: each cassette paired with the same path at REF (default HEAD)' -r
complete -c ulcas -n "__fish_ulcas_using_subcommand review" -l task -d 'With --against: only this task (repeatable)' -r
complete -c ulcas -n "__fish_ulcas_using_subcommand review" -l reject -d 'With --against: restore REF\'s version of these listed cassettes (remove one REF lacks)' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand review" -l reject-encoded -d 'With --against: as --reject, each PATH percent-encoded (%XX for any byte): what printed commands use for a name no shell quoting carries safely (control characters, not UTF-8)' -r
complete -c ulcas -n "__fish_ulcas_using_subcommand review" -l cassettes -d 'A store root (repeatable; default: the stores of ulcas.toml, else ./cassettes)' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand review" -l prompts -d 'Prompt registries: <DIR>/<task>/v<N>.md with front matter' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand review" -l schemas -d 'Where the prompts\' `schema:` paths resolve (default: `schemas` beside each prompts folder)' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand review" -l pin -d 'Take version N as the task\'s current one' -r
complete -c ulcas -n "__fish_ulcas_using_subcommand review" -l config -d 'A config file to read instead of looking for ulcas.toml' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand review" -l from -d 'The old version (default: the newest older version with recordings)' -r
complete -c ulcas -n "__fish_ulcas_using_subcommand review" -l to -d 'The new version (default: the task\'s current version)' -r
complete -c ulcas -n "__fish_ulcas_using_subcommand review" -l format -d 'Output format' -r -f -a "human\t'Readable text'
json\t'JSON Lines on stdout, one object per event'
markdown\t'Markdown for a pull-request comment (under GitHub\'s 65,536-character limit)'
html\t'One self-contained HTML page'"
complete -c ulcas -n "__fish_ulcas_using_subcommand review" -l color -d 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr' -r -f -a "auto\t'Colour when stdout is a terminal (not with NO_COLOR or TERM=dumb; always with CLICOLOR_FORCE)'
always\t'Always colour'
never\t'Never colour'"
complete -c ulcas -n "__fish_ulcas_using_subcommand review" -l interactive -d 'With --against: accept, reject, skip or quit pair by pair on a terminal'
complete -c ulcas -n "__fish_ulcas_using_subcommand review" -l stat -d 'Only the summary'
complete -c ulcas -n "__fish_ulcas_using_subcommand review" -s q -l quiet -d 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
complete -c ulcas -n "__fish_ulcas_using_subcommand review" -s v -l verbose -d 'Say more: verify lists every finding on its own line, as found; serve logs each miss\'s whole explanation'
complete -c ulcas -n "__fish_ulcas_using_subcommand review" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c ulcas -n "__fish_ulcas_using_subcommand review" -s V -l version -d 'Print version'
complete -c ulcas -n "__fish_ulcas_using_subcommand lock" -l cassettes -d 'A store root (repeatable; default: the stores of ulcas.toml, else ./cassettes)' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand lock" -l prompts -d 'Prompt registries: <DIR>/<task>/v<N>.md with front matter' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand lock" -l schemas -d 'Where the prompts\' `schema:` paths resolve (default: `schemas` beside each prompts folder)' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand lock" -l pin -d 'Take version N as the task\'s current one' -r
complete -c ulcas -n "__fish_ulcas_using_subcommand lock" -l config -d 'A config file to read instead of looking for ulcas.toml' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand lock" -l accept -d 'Take the current prompt and schema of TASK/vN for its entry: its recordings were re-made with them (repeatable)' -r
complete -c ulcas -n "__fish_ulcas_using_subcommand lock" -l format -d 'Output format: human text, JSON Lines or GitHub workflow annotations' -r -f -a "human\t'Readable text'
json\t'JSON Lines on stdout, one object per event'
github\t'GitHub workflow annotations and a job summary'"
complete -c ulcas -n "__fish_ulcas_using_subcommand lock" -l color -d 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr' -r -f -a "auto\t'Colour when stdout is a terminal (not with NO_COLOR or TERM=dumb; always with CLICOLOR_FORCE)'
always\t'Always colour'
never\t'Never colour'"
complete -c ulcas -n "__fish_ulcas_using_subcommand lock" -s q -l quiet -d 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
complete -c ulcas -n "__fish_ulcas_using_subcommand lock" -s v -l verbose -d 'Say more: verify lists every finding on its own line, as found; serve logs each miss\'s whole explanation'
complete -c ulcas -n "__fish_ulcas_using_subcommand lock" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c ulcas -n "__fish_ulcas_using_subcommand lock" -s V -l version -d 'Print version'
complete -c ulcas -n "__fish_ulcas_using_subcommand serve" -l cassettes -d 'A store root (repeatable; default: the stores of ulcas.toml, else ./cassettes)' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand serve" -l prompts -d 'Prompt registries: <DIR>/<task>/v<N>.md with front matter' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand serve" -l schemas -d 'Where the prompts\' `schema:` paths resolve (default: `schemas` beside each prompts folder)' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand serve" -l pin -d 'Take version N as the task\'s current one' -r
complete -c ulcas -n "__fish_ulcas_using_subcommand serve" -l config -d 'A config file to read instead of looking for ulcas.toml' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand serve" -l listen -d 'The address to listen on (port 0: any free port, printed at start)' -r
complete -c ulcas -n "__fish_ulcas_using_subcommand serve" -l mode -d 'What a request without a cassette gets' -r -f -a "cassette\t'A miss is a 404 naming the expected cassette and why (the app\'s tests)'
synthetic\t'A miss gets the deterministic, schema-valid synthetic answer (id `synthetic`)'
record\t'A miss is forwarded to --upstream, streamed back and recorded as a cassette'"
complete -c ulcas -n "__fish_ulcas_using_subcommand serve" -l fault -d 'Faults on cue, `TARGET:FAULT[,FAULT…]` (repeatable): the successive requests that match TARGET (`*`, a task, `task@vN`, a cassette\'s hash) get the faults in order, one each, then their answers. FAULT: ok, rate-limit[:retry-after=S], overloaded, server-error[:STATUS], cut:N, stream-error:N, latency:MS. Armed at run time too (`POST /_ulcas/faults`), or for one request by the header `x-ulcas-fault`' -r
complete -c ulcas -n "__fish_ulcas_using_subcommand serve" -l upstream -d 'With --mode record: the API a miss is forwarded to (the client\'s key headers passed through, never printed or written)' -r
complete -c ulcas -n "__fish_ulcas_using_subcommand serve" -l record-into -d 'With --mode record: the store a miss is recorded into when several stores read its prompt and not exactly one holds it in its own prompts folder' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand serve" -l dump-dir -d 'Write every request served as a request dump here, as the PHP hook writes them (for `verify --requests`, `prune --requests --complete-run`, `backfill --requests`)' -r -F
complete -c ulcas -n "__fish_ulcas_using_subcommand serve" -l format -d 'Format of the start line (stdout) and of the log (stderr): human text or JSON Lines' -r -f -a "human\t'Readable text: the start line on stdout, a line per request or note on stderr'
json\t'JSON Lines: the start line\'s object on stdout, an object per request or note on stderr'"
complete -c ulcas -n "__fish_ulcas_using_subcommand serve" -l max-body -d 'The largest request body, in MiB (a larger one is a 413). The bodies being read and keyed at once hold at most twice this; a request waits up to --read-timeout for room, then gets a 429' -r
complete -c ulcas -n "__fish_ulcas_using_subcommand serve" -l read-timeout -d 'Seconds a client has to send a request\'s headers, and to start its body; a body must then keep up --min-body-rate (else a 408 and the connection is closed)' -r
complete -c ulcas -n "__fish_ulcas_using_subcommand serve" -l min-body-rate -d 'The slowest a request body may arrive, in KiB per second, after --read-timeout' -r
complete -c ulcas -n "__fish_ulcas_using_subcommand serve" -l max-connections -d 'Connections served at once; more wait to be accepted' -r
complete -c ulcas -n "__fish_ulcas_using_subcommand serve" -l grace -d 'On SIGINT or SIGTERM: seconds that requests and recordings in flight have to finish (a recording whose client left included); then the server stops whatever clients do, and an unfinished recording is not written (never half)' -r
complete -c ulcas -n "__fish_ulcas_using_subcommand serve" -l max-answer -d 'With --mode record: the largest upstream answer, in MiB; past it the relay ends with an error and nothing is recorded' -r
complete -c ulcas -n "__fish_ulcas_using_subcommand serve" -l upstream-connect-timeout -d 'With --mode record: seconds to connect to --upstream' -r
complete -c ulcas -n "__fish_ulcas_using_subcommand serve" -l upstream-timeout -d 'With --mode record: seconds the upstream may take to the first byte of its answer, and between two pieces of it (identical requests waiting for it then get its error at once)' -r
complete -c ulcas -n "__fish_ulcas_using_subcommand serve" -l max-dumps -d 'With --dump-dir: the most MiB of request dumps this server writes (an identical request rewrites its dump); past it no new dump is written, and the log says so once' -r
complete -c ulcas -n "__fish_ulcas_using_subcommand serve" -l upstream-total -d 'With --mode record: seconds an upstream answer may take in all, its pings included (past them the relay ends with an error and nothing is recorded)' -r
complete -c ulcas -n "__fish_ulcas_using_subcommand serve" -l allow-host -d 'With --expose: a host name clients may use for this server (repeatable). Loopback names (127.0.0.1, localhost, [::1]) at the listening port are always served; any other Host is refused (a web page reaching the server through DNS rebinding)' -r
complete -c ulcas -n "__fish_ulcas_using_subcommand serve" -l token -d 'A token every request must carry (as `x-ulcas-token`, `Authorization: Bearer`, or the client\'s `x-api-key`), but `GET /health`; else a 401. The environment variable ULCAS_SERVE_TOKEN gives it without showing it to other users of the machine. Meant for --expose; in record mode send it as `x-ulcas-token` (the key headers go upstream)' -r
complete -c ulcas -n "__fish_ulcas_using_subcommand serve" -l allow-origin -d 'A web origin whose pages may call the server (repeatable, e.g. http://localhost:3000): it gets CORS headers. A request from any other Origin is refused before any work' -r
complete -c ulcas -n "__fish_ulcas_using_subcommand serve" -l color -d 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr' -r -f -a "auto\t'Colour when stdout is a terminal (not with NO_COLOR or TERM=dumb; always with CLICOLOR_FORCE)'
always\t'Always colour'
never\t'Never colour'"
complete -c ulcas -n "__fish_ulcas_using_subcommand serve" -l expose -d 'Listen on an address other machines reach (anything but loopback): the store\'s answers and the requests\' texts become visible there'
complete -c ulcas -n "__fish_ulcas_using_subcommand serve" -l no-fault-routes -d 'Serve no `/_ulcas/faults` (faults are then armed only by --fault and `x-ulcas-fault`)'
complete -c ulcas -n "__fish_ulcas_using_subcommand serve" -s q -l quiet -d 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
complete -c ulcas -n "__fish_ulcas_using_subcommand serve" -s v -l verbose -d 'Say more: verify lists every finding on its own line, as found; serve logs each miss\'s whole explanation'
complete -c ulcas -n "__fish_ulcas_using_subcommand serve" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c ulcas -n "__fish_ulcas_using_subcommand serve" -s V -l version -d 'Print version'
complete -c ulcas -n "__fish_ulcas_using_subcommand completions" -l color -d 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr' -r -f -a "auto\t'Colour when stdout is a terminal (not with NO_COLOR or TERM=dumb; always with CLICOLOR_FORCE)'
always\t'Always colour'
never\t'Never colour'"
complete -c ulcas -n "__fish_ulcas_using_subcommand completions" -s q -l quiet -d 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
complete -c ulcas -n "__fish_ulcas_using_subcommand completions" -s v -l verbose -d 'Say more: verify lists every finding on its own line, as found; serve logs each miss\'s whole explanation'
complete -c ulcas -n "__fish_ulcas_using_subcommand completions" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c ulcas -n "__fish_ulcas_using_subcommand completions" -s V -l version -d 'Print version'
complete -c ulcas -n "__fish_ulcas_using_subcommand manpage" -l color -d 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr' -r -f -a "auto\t'Colour when stdout is a terminal (not with NO_COLOR or TERM=dumb; always with CLICOLOR_FORCE)'
always\t'Always colour'
never\t'Never colour'"
complete -c ulcas -n "__fish_ulcas_using_subcommand manpage" -s q -l quiet -d 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
complete -c ulcas -n "__fish_ulcas_using_subcommand manpage" -s v -l verbose -d 'Say more: verify lists every finding on its own line, as found; serve logs each miss\'s whole explanation'
complete -c ulcas -n "__fish_ulcas_using_subcommand manpage" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c ulcas -n "__fish_ulcas_using_subcommand manpage" -s V -l version -d 'Print version'
complete -c ulcas -n "__fish_ulcas_using_subcommand help; and not __fish_seen_subcommand_from normalize hash record verify lookup diff prune backfill migrate review lock serve completions manpage help" -f -a "normalize" -d 'Show the normalised content and placeholder map of requests: exactly what the key sees'
complete -c ulcas -n "__fish_ulcas_using_subcommand help; and not __fish_seen_subcommand_from normalize hash record verify lookup diff prune backfill migrate review lock serve completions manpage help" -f -a "hash" -d 'Print the key (hash) and expected cassette path of requests'
complete -c ulcas -n "__fish_ulcas_using_subcommand help; and not __fish_seen_subcommand_from normalize hash record verify lookup diff prune backfill migrate review lock serve completions manpage help" -f -a "record" -d 'Record an answer for a request into a store, in the reference format'
complete -c ulcas -n "__fish_ulcas_using_subcommand help; and not __fish_seen_subcommand_from normalize hash record verify lookup diff prune backfill migrate review lock serve completions manpage help" -f -a "verify" -d 'Check cassette stores: format, location, placeholders, schemas, secrets, staleness'
complete -c ulcas -n "__fish_ulcas_using_subcommand help; and not __fish_seen_subcommand_from normalize hash record verify lookup diff prune backfill migrate review lock serve completions manpage help" -f -a "lookup" -d 'Find the cassette of requests and explain every miss'
complete -c ulcas -n "__fish_ulcas_using_subcommand help; and not __fish_seen_subcommand_from normalize hash record verify lookup diff prune backfill migrate review lock serve completions manpage help" -f -a "diff" -d 'Compare two requests, cassettes or stores in the terms the key sees'
complete -c ulcas -n "__fish_ulcas_using_subcommand help; and not __fish_seen_subcommand_from normalize hash record verify lookup diff prune backfill migrate review lock serve completions manpage help" -f -a "prune" -d 'Find cassettes that can never be hit again, and delete them with --delete'
complete -c ulcas -n "__fish_ulcas_using_subcommand help; and not __fish_seen_subcommand_from normalize hash record verify lookup diff prune backfill migrate review lock serve completions manpage help" -f -a "backfill" -d 'Add the request material of request dumps to the existing cassettes they hit'
complete -c ulcas -n "__fish_ulcas_using_subcommand help; and not __fish_seen_subcommand_from normalize hash record verify lookup diff prune backfill migrate review lock serve completions manpage help" -f -a "migrate" -d 'Carry the answers that fit a task\'s new output schema over to its new key (--write)'
complete -c ulcas -n "__fish_ulcas_using_subcommand help; and not __fish_seen_subcommand_from normalize hash record verify lookup diff prune backfill migrate review lock serve completions manpage help" -f -a "review" -d 'What a prompt bump changed, answer by answer, before the old version goes; or, with --against REF, what a re-recording at the same version changed since a git revision'
complete -c ulcas -n "__fish_ulcas_using_subcommand help; and not __fish_seen_subcommand_from normalize hash record verify lookup diff prune backfill migrate review lock serve completions manpage help" -f -a "lock" -d 'Write each store\'s ulcas.lock: what each recorded version was recorded with'
complete -c ulcas -n "__fish_ulcas_using_subcommand help; and not __fish_seen_subcommand_from normalize hash record verify lookup diff prune backfill migrate review lock serve completions manpage help" -f -a "serve" -d 'Serve the stores as a local model API (Messages, Chat Completions, Responses) endpoint'
complete -c ulcas -n "__fish_ulcas_using_subcommand help; and not __fish_seen_subcommand_from normalize hash record verify lookup diff prune backfill migrate review lock serve completions manpage help" -f -a "completions" -d 'Print a shell completion script'
complete -c ulcas -n "__fish_ulcas_using_subcommand help; and not __fish_seen_subcommand_from normalize hash record verify lookup diff prune backfill migrate review lock serve completions manpage help" -f -a "manpage" -d 'Print the man page (roff) of ulcas, or of one subcommand (`ulcas manpage verify`)'
complete -c ulcas -n "__fish_ulcas_using_subcommand help; and not __fish_seen_subcommand_from normalize hash record verify lookup diff prune backfill migrate review lock serve completions manpage help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
