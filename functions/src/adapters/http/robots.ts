import robotsParser from 'robots-parser';

/** How a site's robots.txt answered (RFC 9309 §2.3.1). */
export type RobotsRules =
  | { kind: 'rules'; isAllowed(url: string): boolean; crawlDelaySeconds: number | null }
  | { kind: 'allow-all' }
  | { kind: 'disallow-all'; reason: string };

/** RFC 9309: cache robots.txt for at most 24 hours. */
export const ROBOTS_TTL_MS = 24 * 3600 * 1000;

/**
 * Turns a robots.txt answer into rules: 2xx → its rules; 4xx ("unavailable") → everything may be
 * crawled; 5xx or no answer ("unreachable") → the whole site is disallowed.
 */
export function robotsRulesFrom(
  answer: { status: number; body: string } | { error: string },
  robotsUrl: string,
  userAgent: string,
): RobotsRules {
  if ('error' in answer) return { kind: 'disallow-all', reason: `robots.txt unreachable: ${answer.error}` };
  if (answer.status >= 500) return { kind: 'disallow-all', reason: `robots.txt answered ${answer.status}` };
  if (answer.status >= 400) return { kind: 'allow-all' };
  if (answer.status < 200 || answer.status >= 300) return { kind: 'disallow-all', reason: `robots.txt answered ${answer.status}` };
  const robot = robotsParser(robotsUrl, answer.body);
  const token = productToken(userAgent);
  const delay = robot.getCrawlDelay(token);
  return {
    kind: 'rules',
    // robots-parser answers undefined for a URL of another origin: not ours to allow.
    isAllowed: (url) => robot.isAllowed(url, token) === true,
    crawlDelaySeconds: typeof delay === 'number' && Number.isFinite(delay) && delay > 0 ? delay : null,
  };
}

/** RFC 9309 matches groups on the product token ('TruckYardBot' of 'TruckYardBot/1.0 (+url)'). */
const productToken = (userAgent: string) => userAgent.split(/[\s/]/)[0];

export const isAllowedBy = (rules: RobotsRules, url: string) =>
  rules.kind === 'allow-all' ? true : rules.kind === 'disallow-all' ? false : rules.isAllowed(url);
