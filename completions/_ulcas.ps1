
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'ulcas' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'ulcas'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'ulcas' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('normalize', 'normalize', [CompletionResultType]::ParameterValue, 'Show the normalised content and placeholder map of requests: exactly what the key sees')
            [CompletionResult]::new('hash', 'hash', [CompletionResultType]::ParameterValue, 'Print the key (hash) and expected cassette path of requests')
            [CompletionResult]::new('record', 'record', [CompletionResultType]::ParameterValue, 'Record an answer for a request into a store, in the reference format')
            [CompletionResult]::new('verify', 'verify', [CompletionResultType]::ParameterValue, 'Check cassette stores: format, location, placeholders, schemas, secrets, staleness')
            [CompletionResult]::new('lookup', 'lookup', [CompletionResultType]::ParameterValue, 'Find the cassette of requests and explain every miss')
            [CompletionResult]::new('diff', 'diff', [CompletionResultType]::ParameterValue, 'Compare two requests, cassettes or stores in the terms the key sees')
            [CompletionResult]::new('prune', 'prune', [CompletionResultType]::ParameterValue, 'Find cassettes that can never be hit again, and delete them with --delete')
            [CompletionResult]::new('backfill', 'backfill', [CompletionResultType]::ParameterValue, 'Add the request material of request dumps to the existing cassettes they hit')
            [CompletionResult]::new('migrate', 'migrate', [CompletionResultType]::ParameterValue, 'Carry the answers that fit a task''s new output schema over to its new key (--write)')
            [CompletionResult]::new('review', 'review', [CompletionResultType]::ParameterValue, 'What a prompt bump changed, answer by answer, before the old version goes; or, with --against REF, what a re-recording at the same version changed since a git revision')
            [CompletionResult]::new('lock', 'lock', [CompletionResultType]::ParameterValue, 'Write each store''s ulcas.lock: what each recorded version was recorded with')
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Serve the stores as a local model API (Messages, Chat Completions, Responses) endpoint')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('manpage', 'manpage', [CompletionResultType]::ParameterValue, 'Print the man page (roff) of ulcas, or of one subcommand (`ulcas manpage verify`)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'ulcas;normalize' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: human text or JSON Lines')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'ulcas;hash' {
            [CompletionResult]::new('--cassettes', '--cassettes', [CompletionResultType]::ParameterName, 'A store root (repeatable; default: the stores of ulcas.toml, else ./cassettes)')
            [CompletionResult]::new('--prompts', '--prompts', [CompletionResultType]::ParameterName, 'Prompt registries: <DIR>/<task>/v<N>.md with front matter')
            [CompletionResult]::new('--schemas', '--schemas', [CompletionResultType]::ParameterName, 'Where the prompts'' `schema:` paths resolve (default: `schemas` beside each prompts folder)')
            [CompletionResult]::new('--pin', '--pin', [CompletionResultType]::ParameterName, 'Take version N as the task''s current one')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'A config file to read instead of looking for ulcas.toml')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: human text or JSON Lines')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'ulcas;record' {
            [CompletionResult]::new('--response', '--response', [CompletionResultType]::ParameterName, 'The model''s raw answer: a file, or `-` for standard input (taken byte for byte)')
            [CompletionResult]::new('--model', '--model', [CompletionResultType]::ParameterName, 'The model that answered [default: the dump''s `model`, else `recorded`]')
            [CompletionResult]::new('--stop-reason', '--stop-reason', [CompletionResultType]::ParameterName, 'Why the model stopped')
            [CompletionResult]::new('--refusal-category', '--refusal-category', [CompletionResultType]::ParameterName, 'The refusal category, for a refusal')
            [CompletionResult]::new('--usage', '--usage', [CompletionResultType]::ParameterName, 'Usage counters as a JSON object (missing reference counters are 0)')
            [CompletionResult]::new('--prompt-id', '--prompt-id', [CompletionResultType]::ParameterName, 'The prompt id to write (default: the request''s `prompt_id`)')
            [CompletionResult]::new('--cassettes', '--cassettes', [CompletionResultType]::ParameterName, 'A store root (repeatable; default: the stores of ulcas.toml, else ./cassettes)')
            [CompletionResult]::new('--prompts', '--prompts', [CompletionResultType]::ParameterName, 'Prompt registries: <DIR>/<task>/v<N>.md with front matter')
            [CompletionResult]::new('--schemas', '--schemas', [CompletionResultType]::ParameterName, 'Where the prompts'' `schema:` paths resolve (default: `schemas` beside each prompts folder)')
            [CompletionResult]::new('--pin', '--pin', [CompletionResultType]::ParameterName, 'Take version N as the task''s current one')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'A config file to read instead of looking for ulcas.toml')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: human text or JSON Lines')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Replace an existing cassette that differs')
            [CompletionResult]::new('--no-request-material', '--no-request-material', [CompletionResultType]::ParameterName, 'Leave out the `request` block: write exactly the reference recorder''s bytes')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'ulcas;verify' {
            [CompletionResult]::new('--cassettes', '--cassettes', [CompletionResultType]::ParameterName, 'A store root (repeatable; default: the stores of ulcas.toml, else ./cassettes)')
            [CompletionResult]::new('--prompts', '--prompts', [CompletionResultType]::ParameterName, 'Prompt registries: <DIR>/<task>/v<N>.md with front matter')
            [CompletionResult]::new('--schemas', '--schemas', [CompletionResultType]::ParameterName, 'Where the prompts'' `schema:` paths resolve (default: `schemas` beside each prompts folder)')
            [CompletionResult]::new('--pin', '--pin', [CompletionResultType]::ParameterName, 'Take version N as the task''s current one')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'A config file to read instead of looking for ulcas.toml')
            [CompletionResult]::new('--deny', '--deny', [CompletionResultType]::ParameterName, 'Make warnings fail too (`--deny warnings`)')
            [CompletionResult]::new('--requests', '--requests', [CompletionResultType]::ParameterName, 'Request dumps of a test run (files or folders): each must have its cassette')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'ulcas;lookup' {
            [CompletionResult]::new('--cassettes', '--cassettes', [CompletionResultType]::ParameterName, 'A store root (repeatable; default: the stores of ulcas.toml, else ./cassettes)')
            [CompletionResult]::new('--prompts', '--prompts', [CompletionResultType]::ParameterName, 'Prompt registries: <DIR>/<task>/v<N>.md with front matter')
            [CompletionResult]::new('--schemas', '--schemas', [CompletionResultType]::ParameterName, 'Where the prompts'' `schema:` paths resolve (default: `schemas` beside each prompts folder)')
            [CompletionResult]::new('--pin', '--pin', [CompletionResultType]::ParameterName, 'Take version N as the task''s current one')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'A config file to read instead of looking for ulcas.toml')
            [CompletionResult]::new('--schema', '--schema', [CompletionResultType]::ParameterName, 'Also try this schema (a JSON file) in place of the request''s')
            [CompletionResult]::new('--mode', '--mode', [CompletionResultType]::ParameterName, 'What a miss gives: nothing (cassette) or a synthetic answer')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: human text or JSON Lines')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr')
            [CompletionResult]::new('--replay', '--replay', [CompletionResultType]::ParameterName, 'Print only the answer on stdout, as the driver would return it (the rest on stderr)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'ulcas;diff' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: human text or JSON Lines')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr')
            [CompletionResult]::new('--stat', '--stat', [CompletionResultType]::ParameterName, 'For two stores: only the summary of added, removed and changed cassettes')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'ulcas;prune' {
            [CompletionResult]::new('--cassettes', '--cassettes', [CompletionResultType]::ParameterName, 'A store root (repeatable; default: the stores of ulcas.toml, else ./cassettes)')
            [CompletionResult]::new('--prompts', '--prompts', [CompletionResultType]::ParameterName, 'Prompt registries: <DIR>/<task>/v<N>.md with front matter')
            [CompletionResult]::new('--schemas', '--schemas', [CompletionResultType]::ParameterName, 'Where the prompts'' `schema:` paths resolve (default: `schemas` beside each prompts folder)')
            [CompletionResult]::new('--pin', '--pin', [CompletionResultType]::ParameterName, 'Take version N as the task''s current one')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'A config file to read instead of looking for ulcas.toml')
            [CompletionResult]::new('--journal', '--journal', [CompletionResultType]::ParameterName, 'Journals of the cassettes a test run loaded (one path per line; one file per shard): the cassettes they list are used, and never deleted')
            [CompletionResult]::new('--requests', '--requests', [CompletionResultType]::ParameterName, 'Request dumps (files or folders) of a test run: the cassettes they hit are used, and never deleted')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: human text, JSON Lines or GitHub workflow annotations')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr')
            [CompletionResult]::new('--complete-run', '--complete-run', [CompletionResultType]::ParameterName, 'The journals and dumps given are a whole test run (every shard): current cassettes that none of them references can go as `unreferenced`')
            [CompletionResult]::new('--delete', '--delete', [CompletionResultType]::ParameterName, 'Delete what can go (default: only report)')
            [CompletionResult]::new('--orphans', '--orphans', [CompletionResultType]::ParameterName, 'Also delete orphan-task cassettes (no prompt folder has their task)')
            [CompletionResult]::new('--include-last-recordings', '--include-last-recordings', [CompletionResultType]::ParameterName, 'Also delete the last recordings of a task whose current version has none yet')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'ulcas;backfill' {
            [CompletionResult]::new('--requests', '--requests', [CompletionResultType]::ParameterName, 'Request dumps: a file or folder (e.g. the ULCAS_DUMP_DIR of a test run); repeatable')
            [CompletionResult]::new('--cassettes', '--cassettes', [CompletionResultType]::ParameterName, 'A store root (repeatable; default: the stores of ulcas.toml, else ./cassettes)')
            [CompletionResult]::new('--prompts', '--prompts', [CompletionResultType]::ParameterName, 'Prompt registries: <DIR>/<task>/v<N>.md with front matter')
            [CompletionResult]::new('--schemas', '--schemas', [CompletionResultType]::ParameterName, 'Where the prompts'' `schema:` paths resolve (default: `schemas` beside each prompts folder)')
            [CompletionResult]::new('--pin', '--pin', [CompletionResultType]::ParameterName, 'Take version N as the task''s current one')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'A config file to read instead of looking for ulcas.toml')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: human text or JSON Lines')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'ulcas;migrate' {
            [CompletionResult]::new('--cassettes', '--cassettes', [CompletionResultType]::ParameterName, 'A store root (repeatable; default: the stores of ulcas.toml, else ./cassettes)')
            [CompletionResult]::new('--prompts', '--prompts', [CompletionResultType]::ParameterName, 'Prompt registries: <DIR>/<task>/v<N>.md with front matter')
            [CompletionResult]::new('--schemas', '--schemas', [CompletionResultType]::ParameterName, 'Where the prompts'' `schema:` paths resolve (default: `schemas` beside each prompts folder)')
            [CompletionResult]::new('--pin', '--pin', [CompletionResultType]::ParameterName, 'Take version N as the task''s current one')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'A config file to read instead of looking for ulcas.toml')
            [CompletionResult]::new('--schema', '--schema', [CompletionResultType]::ParameterName, 'The new schema (default: the registry''s schema of the task''s current version)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: human text, JSON Lines or GitHub workflow annotations')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr')
            [CompletionResult]::new('--write', '--write', [CompletionResultType]::ParameterName, 'Write the carried-over cassettes (default: only report)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'ulcas;review' {
            [CompletionResult]::new('--against', '--against', [CompletionResultType]::ParameterName, 'Review a re-recording against a git revision instead: each cassette paired with the same path at REF (default HEAD)')
            [CompletionResult]::new('--task', '--task', [CompletionResultType]::ParameterName, 'With --against: only this task (repeatable)')
            [CompletionResult]::new('--reject', '--reject', [CompletionResultType]::ParameterName, 'With --against: restore REF''s version of these listed cassettes (remove one REF lacks)')
            [CompletionResult]::new('--reject-encoded', '--reject-encoded', [CompletionResultType]::ParameterName, 'With --against: as --reject, each PATH percent-encoded (%XX for any byte): what printed commands use for a name no shell quoting carries safely (control characters, not UTF-8)')
            [CompletionResult]::new('--cassettes', '--cassettes', [CompletionResultType]::ParameterName, 'A store root (repeatable; default: the stores of ulcas.toml, else ./cassettes)')
            [CompletionResult]::new('--prompts', '--prompts', [CompletionResultType]::ParameterName, 'Prompt registries: <DIR>/<task>/v<N>.md with front matter')
            [CompletionResult]::new('--schemas', '--schemas', [CompletionResultType]::ParameterName, 'Where the prompts'' `schema:` paths resolve (default: `schemas` beside each prompts folder)')
            [CompletionResult]::new('--pin', '--pin', [CompletionResultType]::ParameterName, 'Take version N as the task''s current one')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'A config file to read instead of looking for ulcas.toml')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'The old version (default: the newest older version with recordings)')
            [CompletionResult]::new('--to', '--to', [CompletionResultType]::ParameterName, 'The new version (default: the task''s current version)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr')
            [CompletionResult]::new('--interactive', '--interactive', [CompletionResultType]::ParameterName, 'With --against: accept, reject, skip or quit pair by pair on a terminal')
            [CompletionResult]::new('--stat', '--stat', [CompletionResultType]::ParameterName, 'Only the summary')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'ulcas;lock' {
            [CompletionResult]::new('--cassettes', '--cassettes', [CompletionResultType]::ParameterName, 'A store root (repeatable; default: the stores of ulcas.toml, else ./cassettes)')
            [CompletionResult]::new('--prompts', '--prompts', [CompletionResultType]::ParameterName, 'Prompt registries: <DIR>/<task>/v<N>.md with front matter')
            [CompletionResult]::new('--schemas', '--schemas', [CompletionResultType]::ParameterName, 'Where the prompts'' `schema:` paths resolve (default: `schemas` beside each prompts folder)')
            [CompletionResult]::new('--pin', '--pin', [CompletionResultType]::ParameterName, 'Take version N as the task''s current one')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'A config file to read instead of looking for ulcas.toml')
            [CompletionResult]::new('--accept', '--accept', [CompletionResultType]::ParameterName, 'Take the current prompt and schema of TASK/vN for its entry: its recordings were re-made with them (repeatable)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: human text, JSON Lines or GitHub workflow annotations')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'ulcas;serve' {
            [CompletionResult]::new('--cassettes', '--cassettes', [CompletionResultType]::ParameterName, 'A store root (repeatable; default: the stores of ulcas.toml, else ./cassettes)')
            [CompletionResult]::new('--prompts', '--prompts', [CompletionResultType]::ParameterName, 'Prompt registries: <DIR>/<task>/v<N>.md with front matter')
            [CompletionResult]::new('--schemas', '--schemas', [CompletionResultType]::ParameterName, 'Where the prompts'' `schema:` paths resolve (default: `schemas` beside each prompts folder)')
            [CompletionResult]::new('--pin', '--pin', [CompletionResultType]::ParameterName, 'Take version N as the task''s current one')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'A config file to read instead of looking for ulcas.toml')
            [CompletionResult]::new('--listen', '--listen', [CompletionResultType]::ParameterName, 'The address to listen on (port 0: any free port, printed at start)')
            [CompletionResult]::new('--mode', '--mode', [CompletionResultType]::ParameterName, 'What a request without a cassette gets')
            [CompletionResult]::new('--fault', '--fault', [CompletionResultType]::ParameterName, 'Faults on cue, `TARGET:FAULT[,FAULT…]` (repeatable): the successive requests that match TARGET (`*`, a task, `task@vN`, a cassette''s hash) get the faults in order, one each, then their answers. FAULT: ok, rate-limit[:retry-after=S], overloaded, server-error[:STATUS], cut:N, stream-error:N, latency:MS. Armed at run time too (`POST /_ulcas/faults`), or for one request by the header `x-ulcas-fault`')
            [CompletionResult]::new('--upstream', '--upstream', [CompletionResultType]::ParameterName, 'With --mode record: the API a miss is forwarded to (the client''s key headers passed through, never printed or written)')
            [CompletionResult]::new('--record-into', '--record-into', [CompletionResultType]::ParameterName, 'With --mode record: the store a miss is recorded into when several stores read its prompt and not exactly one holds it in its own prompts folder')
            [CompletionResult]::new('--dump-dir', '--dump-dir', [CompletionResultType]::ParameterName, 'Write every request served as a request dump here, as the PHP hook writes them (for `verify --requests`, `prune --requests --complete-run`, `backfill --requests`)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Format of the start line (stdout) and of the log (stderr): human text or JSON Lines')
            [CompletionResult]::new('--max-body', '--max-body', [CompletionResultType]::ParameterName, 'The largest request body, in MiB (a larger one is a 413). The bodies being read and keyed at once hold at most twice this; a request waits up to --read-timeout for room, then gets a 429')
            [CompletionResult]::new('--read-timeout', '--read-timeout', [CompletionResultType]::ParameterName, 'Seconds a client has to send a request''s headers, and to start its body; a body must then keep up --min-body-rate (else a 408 and the connection is closed)')
            [CompletionResult]::new('--min-body-rate', '--min-body-rate', [CompletionResultType]::ParameterName, 'The slowest a request body may arrive, in KiB per second, after --read-timeout')
            [CompletionResult]::new('--max-connections', '--max-connections', [CompletionResultType]::ParameterName, 'Connections served at once; more wait to be accepted')
            [CompletionResult]::new('--grace', '--grace', [CompletionResultType]::ParameterName, 'On SIGINT or SIGTERM: seconds that requests and recordings in flight have to finish (a recording whose client left included); then the server stops whatever clients do, and an unfinished recording is not written (never half)')
            [CompletionResult]::new('--max-answer', '--max-answer', [CompletionResultType]::ParameterName, 'With --mode record: the largest upstream answer, in MiB; past it the relay ends with an error and nothing is recorded')
            [CompletionResult]::new('--upstream-connect-timeout', '--upstream-connect-timeout', [CompletionResultType]::ParameterName, 'With --mode record: seconds to connect to --upstream')
            [CompletionResult]::new('--upstream-timeout', '--upstream-timeout', [CompletionResultType]::ParameterName, 'With --mode record: seconds the upstream may take to the first byte of its answer, and between two pieces of it (identical requests waiting for it then get its error at once)')
            [CompletionResult]::new('--max-dumps', '--max-dumps', [CompletionResultType]::ParameterName, 'With --dump-dir: the most MiB of request dumps this server writes (an identical request rewrites its dump); past it no new dump is written, and the log says so once')
            [CompletionResult]::new('--upstream-total', '--upstream-total', [CompletionResultType]::ParameterName, 'With --mode record: seconds an upstream answer may take in all, its pings included (past them the relay ends with an error and nothing is recorded)')
            [CompletionResult]::new('--allow-host', '--allow-host', [CompletionResultType]::ParameterName, 'With --expose: a host name clients may use for this server (repeatable). Loopback names (127.0.0.1, localhost, [::1]) at the listening port are always served; any other Host is refused (a web page reaching the server through DNS rebinding)')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'A token every request must carry (as `x-ulcas-token`, `Authorization: Bearer`, or the client''s `x-api-key`), but `GET /health`; else a 401. The environment variable ULCAS_SERVE_TOKEN gives it without showing it to other users of the machine. Meant for --expose; in record mode send it as `x-ulcas-token` (the key headers go upstream)')
            [CompletionResult]::new('--allow-origin', '--allow-origin', [CompletionResultType]::ParameterName, 'A web origin whose pages may call the server (repeatable, e.g. http://localhost:3000): it gets CORS headers. A request from any other Origin is refused before any work')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr')
            [CompletionResult]::new('--expose', '--expose', [CompletionResultType]::ParameterName, 'Listen on an address other machines reach (anything but loopback): the store''s answers and the requests'' texts become visible there')
            [CompletionResult]::new('--no-fault-routes', '--no-fault-routes', [CompletionResultType]::ParameterName, 'Serve no `/_ulcas/faults` (faults are then armed only by --fault and `x-ulcas-fault`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'ulcas;completions' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'ulcas;manpage' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'ulcas;help' {
            [CompletionResult]::new('normalize', 'normalize', [CompletionResultType]::ParameterValue, 'Show the normalised content and placeholder map of requests: exactly what the key sees')
            [CompletionResult]::new('hash', 'hash', [CompletionResultType]::ParameterValue, 'Print the key (hash) and expected cassette path of requests')
            [CompletionResult]::new('record', 'record', [CompletionResultType]::ParameterValue, 'Record an answer for a request into a store, in the reference format')
            [CompletionResult]::new('verify', 'verify', [CompletionResultType]::ParameterValue, 'Check cassette stores: format, location, placeholders, schemas, secrets, staleness')
            [CompletionResult]::new('lookup', 'lookup', [CompletionResultType]::ParameterValue, 'Find the cassette of requests and explain every miss')
            [CompletionResult]::new('diff', 'diff', [CompletionResultType]::ParameterValue, 'Compare two requests, cassettes or stores in the terms the key sees')
            [CompletionResult]::new('prune', 'prune', [CompletionResultType]::ParameterValue, 'Find cassettes that can never be hit again, and delete them with --delete')
            [CompletionResult]::new('backfill', 'backfill', [CompletionResultType]::ParameterValue, 'Add the request material of request dumps to the existing cassettes they hit')
            [CompletionResult]::new('migrate', 'migrate', [CompletionResultType]::ParameterValue, 'Carry the answers that fit a task''s new output schema over to its new key (--write)')
            [CompletionResult]::new('review', 'review', [CompletionResultType]::ParameterValue, 'What a prompt bump changed, answer by answer, before the old version goes; or, with --against REF, what a re-recording at the same version changed since a git revision')
            [CompletionResult]::new('lock', 'lock', [CompletionResultType]::ParameterValue, 'Write each store''s ulcas.lock: what each recorded version was recorded with')
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Serve the stores as a local model API (Messages, Chat Completions, Responses) endpoint')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('manpage', 'manpage', [CompletionResultType]::ParameterValue, 'Print the man page (roff) of ulcas, or of one subcommand (`ulcas manpage verify`)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'ulcas;help;normalize' {
            break
        }
        'ulcas;help;hash' {
            break
        }
        'ulcas;help;record' {
            break
        }
        'ulcas;help;verify' {
            break
        }
        'ulcas;help;lookup' {
            break
        }
        'ulcas;help;diff' {
            break
        }
        'ulcas;help;prune' {
            break
        }
        'ulcas;help;backfill' {
            break
        }
        'ulcas;help;migrate' {
            break
        }
        'ulcas;help;review' {
            break
        }
        'ulcas;help;lock' {
            break
        }
        'ulcas;help;serve' {
            break
        }
        'ulcas;help;completions' {
            break
        }
        'ulcas;help;manpage' {
            break
        }
        'ulcas;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
