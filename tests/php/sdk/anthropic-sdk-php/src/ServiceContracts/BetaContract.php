<?php

declare(strict_types=1);

namespace Anthropic\ServiceContracts;

interface BetaContract {}
