<?php

// Loaded with composer's autoloader (its `files`): see Guard.
\Ulcas\Kit\Guard::armUnderTestRunner();
