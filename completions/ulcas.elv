
use builtin;
use str;

set edit:completion:arg-completer[ulcas] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'ulcas'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'ulcas'= {
            cand --color 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr'
            cand -q 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
            cand --quiet 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
            cand -v 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation'
            cand --verbose 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand normalize 'Show the normalised content and placeholder map of requests: exactly what the key sees'
            cand hash 'Print the key (hash) and expected cassette path of requests'
            cand record 'Record an answer for a request into a store, in the reference format'
            cand verify 'Check cassette stores: format, location, placeholders, schemas, secrets, staleness'
            cand lookup 'Find the cassette of requests and explain every miss'
            cand diff 'Compare two requests, cassettes or stores in the terms the key sees'
            cand prune 'Find cassettes that can never be hit again, and delete them with --delete'
            cand backfill 'Add the request material of request dumps to the existing cassettes they hit'
            cand migrate 'Carry the answers that fit a task''s new output schema over to its new key (--write)'
            cand review 'What a prompt bump changed, answer by answer, before the old version goes; or, with --against REF, what a re-recording at the same version changed since a git revision'
            cand lock 'Write each store''s ulcas.lock: what each recorded version was recorded with'
            cand serve 'Serve the stores as a local model API (Messages, Chat Completions, Responses) endpoint'
            cand completions 'Print a shell completion script'
            cand manpage 'Print the man page (roff) of ulcas, or of one subcommand (`ulcas manpage verify`)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'ulcas;normalize'= {
            cand --format 'Output format: human text or JSON Lines'
            cand --color 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr'
            cand -q 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
            cand --quiet 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
            cand -v 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation'
            cand --verbose 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'ulcas;hash'= {
            cand --cassettes 'A store root (repeatable; default: the stores of ulcas.toml, else ./cassettes)'
            cand --prompts 'Prompt registries: <DIR>/<task>/v<N>.md with front matter'
            cand --schemas 'Where the prompts'' `schema:` paths resolve (default: `schemas` beside each prompts folder)'
            cand --pin 'Take version N as the task''s current one'
            cand --config 'A config file to read instead of looking for ulcas.toml'
            cand --format 'Output format: human text or JSON Lines'
            cand --color 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr'
            cand -q 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
            cand --quiet 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
            cand -v 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation'
            cand --verbose 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'ulcas;record'= {
            cand --response 'The model''s raw answer: a file, or `-` for standard input (taken byte for byte)'
            cand --model 'The model that answered [default: the dump''s `model`, else `recorded`]'
            cand --stop-reason 'Why the model stopped'
            cand --refusal-category 'The refusal category, for a refusal'
            cand --usage 'Usage counters as a JSON object (missing reference counters are 0)'
            cand --prompt-id 'The prompt id to write (default: the request''s `prompt_id`)'
            cand --cassettes 'A store root (repeatable; default: the stores of ulcas.toml, else ./cassettes)'
            cand --prompts 'Prompt registries: <DIR>/<task>/v<N>.md with front matter'
            cand --schemas 'Where the prompts'' `schema:` paths resolve (default: `schemas` beside each prompts folder)'
            cand --pin 'Take version N as the task''s current one'
            cand --config 'A config file to read instead of looking for ulcas.toml'
            cand --format 'Output format: human text or JSON Lines'
            cand --color 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr'
            cand --force 'Replace an existing cassette that differs'
            cand --no-request-material 'Leave out the `request` block: write exactly the reference recorder''s bytes'
            cand -q 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
            cand --quiet 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
            cand -v 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation'
            cand --verbose 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'ulcas;verify'= {
            cand --cassettes 'A store root (repeatable; default: the stores of ulcas.toml, else ./cassettes)'
            cand --prompts 'Prompt registries: <DIR>/<task>/v<N>.md with front matter'
            cand --schemas 'Where the prompts'' `schema:` paths resolve (default: `schemas` beside each prompts folder)'
            cand --pin 'Take version N as the task''s current one'
            cand --config 'A config file to read instead of looking for ulcas.toml'
            cand --deny 'Make warnings fail too (`--deny warnings`)'
            cand --requests 'Request dumps of a test run (files or folders): each must have its cassette'
            cand --format 'Output format'
            cand --color 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr'
            cand -q 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
            cand --quiet 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
            cand -v 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation'
            cand --verbose 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'ulcas;lookup'= {
            cand --cassettes 'A store root (repeatable; default: the stores of ulcas.toml, else ./cassettes)'
            cand --prompts 'Prompt registries: <DIR>/<task>/v<N>.md with front matter'
            cand --schemas 'Where the prompts'' `schema:` paths resolve (default: `schemas` beside each prompts folder)'
            cand --pin 'Take version N as the task''s current one'
            cand --config 'A config file to read instead of looking for ulcas.toml'
            cand --schema 'Also try this schema (a JSON file) in place of the request''s'
            cand --mode 'What a miss gives: nothing (cassette) or a synthetic answer'
            cand --format 'Output format: human text or JSON Lines'
            cand --color 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr'
            cand --replay 'Print only the answer on stdout, as the driver would return it (the rest on stderr)'
            cand -q 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
            cand --quiet 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
            cand -v 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation'
            cand --verbose 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'ulcas;diff'= {
            cand --format 'Output format: human text or JSON Lines'
            cand --color 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr'
            cand --stat 'For two stores: only the summary of added, removed and changed cassettes'
            cand -q 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
            cand --quiet 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
            cand -v 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation'
            cand --verbose 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'ulcas;prune'= {
            cand --cassettes 'A store root (repeatable; default: the stores of ulcas.toml, else ./cassettes)'
            cand --prompts 'Prompt registries: <DIR>/<task>/v<N>.md with front matter'
            cand --schemas 'Where the prompts'' `schema:` paths resolve (default: `schemas` beside each prompts folder)'
            cand --pin 'Take version N as the task''s current one'
            cand --config 'A config file to read instead of looking for ulcas.toml'
            cand --journal 'Journals of the cassettes a test run loaded (one path per line; one file per shard): the cassettes they list are used, and never deleted'
            cand --requests 'Request dumps (files or folders) of a test run: the cassettes they hit are used, and never deleted'
            cand --format 'Output format: human text, JSON Lines or GitHub workflow annotations'
            cand --color 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr'
            cand --complete-run 'The journals and dumps given are a whole test run (every shard): current cassettes that none of them references can go as `unreferenced`'
            cand --delete 'Delete what can go (default: only report)'
            cand --orphans 'Also delete orphan-task cassettes (no prompt folder has their task)'
            cand --include-last-recordings 'Also delete the last recordings of a task whose current version has none yet'
            cand -q 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
            cand --quiet 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
            cand -v 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation'
            cand --verbose 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'ulcas;backfill'= {
            cand --requests 'Request dumps: a file or folder (e.g. the ULCAS_DUMP_DIR of a test run); repeatable'
            cand --cassettes 'A store root (repeatable; default: the stores of ulcas.toml, else ./cassettes)'
            cand --prompts 'Prompt registries: <DIR>/<task>/v<N>.md with front matter'
            cand --schemas 'Where the prompts'' `schema:` paths resolve (default: `schemas` beside each prompts folder)'
            cand --pin 'Take version N as the task''s current one'
            cand --config 'A config file to read instead of looking for ulcas.toml'
            cand --format 'Output format: human text or JSON Lines'
            cand --color 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr'
            cand -q 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
            cand --quiet 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
            cand -v 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation'
            cand --verbose 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'ulcas;migrate'= {
            cand --cassettes 'A store root (repeatable; default: the stores of ulcas.toml, else ./cassettes)'
            cand --prompts 'Prompt registries: <DIR>/<task>/v<N>.md with front matter'
            cand --schemas 'Where the prompts'' `schema:` paths resolve (default: `schemas` beside each prompts folder)'
            cand --pin 'Take version N as the task''s current one'
            cand --config 'A config file to read instead of looking for ulcas.toml'
            cand --schema 'The new schema (default: the registry''s schema of the task''s current version)'
            cand --format 'Output format: human text, JSON Lines or GitHub workflow annotations'
            cand --color 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr'
            cand --write 'Write the carried-over cassettes (default: only report)'
            cand -q 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
            cand --quiet 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
            cand -v 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation'
            cand --verbose 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'ulcas;review'= {
            cand --against 'Review a re-recording against a git revision instead: each cassette paired with the same path at REF (default HEAD)'
            cand --task 'With --against: only this task (repeatable)'
            cand --reject 'With --against: restore REF''s version of these listed cassettes (remove one REF lacks)'
            cand --reject-encoded 'With --against: as --reject, each PATH percent-encoded (%XX for any byte): what printed commands use for a name no shell quoting carries safely (control characters, not UTF-8)'
            cand --cassettes 'A store root (repeatable; default: the stores of ulcas.toml, else ./cassettes)'
            cand --prompts 'Prompt registries: <DIR>/<task>/v<N>.md with front matter'
            cand --schemas 'Where the prompts'' `schema:` paths resolve (default: `schemas` beside each prompts folder)'
            cand --pin 'Take version N as the task''s current one'
            cand --config 'A config file to read instead of looking for ulcas.toml'
            cand --from 'The old version (default: the newest older version with recordings)'
            cand --to 'The new version (default: the task''s current version)'
            cand --format 'Output format'
            cand --color 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr'
            cand --interactive 'With --against: accept, reject, skip or quit pair by pair on a terminal'
            cand --stat 'Only the summary'
            cand -q 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
            cand --quiet 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
            cand -v 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation'
            cand --verbose 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'ulcas;lock'= {
            cand --cassettes 'A store root (repeatable; default: the stores of ulcas.toml, else ./cassettes)'
            cand --prompts 'Prompt registries: <DIR>/<task>/v<N>.md with front matter'
            cand --schemas 'Where the prompts'' `schema:` paths resolve (default: `schemas` beside each prompts folder)'
            cand --pin 'Take version N as the task''s current one'
            cand --config 'A config file to read instead of looking for ulcas.toml'
            cand --accept 'Take the current prompt and schema of TASK/vN for its entry: its recordings were re-made with them (repeatable)'
            cand --format 'Output format: human text, JSON Lines or GitHub workflow annotations'
            cand --color 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr'
            cand -q 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
            cand --quiet 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
            cand -v 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation'
            cand --verbose 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'ulcas;serve'= {
            cand --cassettes 'A store root (repeatable; default: the stores of ulcas.toml, else ./cassettes)'
            cand --prompts 'Prompt registries: <DIR>/<task>/v<N>.md with front matter'
            cand --schemas 'Where the prompts'' `schema:` paths resolve (default: `schemas` beside each prompts folder)'
            cand --pin 'Take version N as the task''s current one'
            cand --config 'A config file to read instead of looking for ulcas.toml'
            cand --listen 'The address to listen on (port 0: any free port, printed at start)'
            cand --mode 'What a request without a cassette gets'
            cand --fault 'Faults on cue, `TARGET:FAULT[,FAULT…]` (repeatable): the successive requests that match TARGET (`*`, a task, `task@vN`, a cassette''s hash) get the faults in order, one each, then their answers. FAULT: ok, rate-limit[:retry-after=S], overloaded, server-error[:STATUS], cut:N, stream-error:N, latency:MS. Armed at run time too (`POST /_ulcas/faults`), or for one request by the header `x-ulcas-fault`'
            cand --upstream 'With --mode record: the API a miss is forwarded to (the client''s key headers passed through, never printed or written)'
            cand --record-into 'With --mode record: the store a miss is recorded into when several stores read its prompt and not exactly one holds it in its own prompts folder'
            cand --dump-dir 'Write every request served as a request dump here, as the PHP hook writes them (for `verify --requests`, `prune --requests --complete-run`, `backfill --requests`)'
            cand --format 'Format of the start line (stdout) and of the log (stderr): human text or JSON Lines'
            cand --max-body 'The largest request body, in MiB (a larger one is a 413). The bodies being read and keyed at once hold at most twice this; a request waits up to --read-timeout for room, then gets a 429'
            cand --read-timeout 'Seconds a client has to send a request''s headers, and to start its body; a body must then keep up --min-body-rate (else a 408 and the connection is closed)'
            cand --min-body-rate 'The slowest a request body may arrive, in KiB per second, after --read-timeout'
            cand --max-connections 'Connections served at once; more wait to be accepted'
            cand --grace 'On SIGINT or SIGTERM: seconds that requests and recordings in flight have to finish (a recording whose client left included); then the server stops whatever clients do, and an unfinished recording is not written (never half)'
            cand --max-answer 'With --mode record: the largest upstream answer, in MiB; past it the relay ends with an error and nothing is recorded'
            cand --upstream-connect-timeout 'With --mode record: seconds to connect to --upstream'
            cand --upstream-timeout 'With --mode record: seconds the upstream may take to the first byte of its answer, and between two pieces of it (identical requests waiting for it then get its error at once)'
            cand --max-dumps 'With --dump-dir: the most MiB of request dumps this server writes (an identical request rewrites its dump); past it no new dump is written, and the log says so once'
            cand --upstream-total 'With --mode record: seconds an upstream answer may take in all, its pings included (past them the relay ends with an error and nothing is recorded)'
            cand --allow-host 'With --expose: a host name clients may use for this server (repeatable). Loopback names (127.0.0.1, localhost, [::1]) at the listening port are always served; any other Host is refused (a web page reaching the server through DNS rebinding)'
            cand --token 'A token every request must carry (as `x-ulcas-token`, `Authorization: Bearer`, or the client''s `x-api-key`), but `GET /health`; else a 401. The environment variable ULCAS_SERVE_TOKEN gives it without showing it to other users of the machine. Meant for --expose; in record mode send it as `x-ulcas-token` (the key headers go upstream)'
            cand --allow-origin 'A web origin whose pages may call the server (repeatable, e.g. http://localhost:3000): it gets CORS headers. A request from any other Origin is refused before any work'
            cand --color 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr'
            cand --expose 'Listen on an address other machines reach (anything but loopback): the store''s answers and the requests'' texts become visible there'
            cand --no-fault-routes 'Serve no `/_ulcas/faults` (faults are then armed only by --fault and `x-ulcas-fault`)'
            cand -q 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
            cand --quiet 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
            cand -v 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation'
            cand --verbose 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'ulcas;completions'= {
            cand --color 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr'
            cand -q 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
            cand --quiet 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
            cand -v 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation'
            cand --verbose 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'ulcas;manpage'= {
            cand --color 'When to colour output (NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honoured with `auto`); serve colours its log on stderr'
            cand -q 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
            cand --quiet 'Print only errors and the verdict line (the exit code is the same); no progress bar (serve: no log line for a request answered from a cassette or synthetically)'
            cand -v 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation'
            cand --verbose 'Say more: verify lists every finding on its own line, as found; serve logs each miss''s whole explanation'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'ulcas;help'= {
            cand normalize 'Show the normalised content and placeholder map of requests: exactly what the key sees'
            cand hash 'Print the key (hash) and expected cassette path of requests'
            cand record 'Record an answer for a request into a store, in the reference format'
            cand verify 'Check cassette stores: format, location, placeholders, schemas, secrets, staleness'
            cand lookup 'Find the cassette of requests and explain every miss'
            cand diff 'Compare two requests, cassettes or stores in the terms the key sees'
            cand prune 'Find cassettes that can never be hit again, and delete them with --delete'
            cand backfill 'Add the request material of request dumps to the existing cassettes they hit'
            cand migrate 'Carry the answers that fit a task''s new output schema over to its new key (--write)'
            cand review 'What a prompt bump changed, answer by answer, before the old version goes; or, with --against REF, what a re-recording at the same version changed since a git revision'
            cand lock 'Write each store''s ulcas.lock: what each recorded version was recorded with'
            cand serve 'Serve the stores as a local model API (Messages, Chat Completions, Responses) endpoint'
            cand completions 'Print a shell completion script'
            cand manpage 'Print the man page (roff) of ulcas, or of one subcommand (`ulcas manpage verify`)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'ulcas;help;normalize'= {
        }
        &'ulcas;help;hash'= {
        }
        &'ulcas;help;record'= {
        }
        &'ulcas;help;verify'= {
        }
        &'ulcas;help;lookup'= {
        }
        &'ulcas;help;diff'= {
        }
        &'ulcas;help;prune'= {
        }
        &'ulcas;help;backfill'= {
        }
        &'ulcas;help;migrate'= {
        }
        &'ulcas;help;review'= {
        }
        &'ulcas;help;lock'= {
        }
        &'ulcas;help;serve'= {
        }
        &'ulcas;help;completions'= {
        }
        &'ulcas;help;manpage'= {
        }
        &'ulcas;help;help'= {
        }
    ]
    $completions[$command]
}
