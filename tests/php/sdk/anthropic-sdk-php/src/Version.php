<?php

declare(strict_types=1);

namespace Anthropic;

// x-release-please-start-version
const VERSION = '0.43.0';
// x-release-please-end
