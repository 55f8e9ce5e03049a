<?php

declare(strict_types=1);

namespace Anthropic\Beta\Messages\BetaCacheControlEphemeral;

/**
 * The time-to-live for the cache control breakpoint.
 *
 * This may be one the following values:
 * - `5m`: 5 minutes
 * - `1h`: 1 hour
 *
 * Defaults to `5m`. See [prompt caching pricing](https://platform.claude.com/docs/en/build-with-claude/prompt-caching) for details.
 */
enum TTL: string
{
    case TTL_5M = '5m';

    case TTL_1H = '1h';
}
