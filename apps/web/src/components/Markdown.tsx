import { Typography, type TypographyProps } from '@mantine/core';
import { type ComponentPropsWithoutRef } from 'react';
import ReactMarkdown, { type Components, type Options } from 'react-markdown';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';

// The markdown stack is ~50 kB gzip (GFM, needed for tables, is ~14 kB of it): import this
// component only from lazily loaded pages, never from the home page or the layout.

const ABSOLUTE_HTTP = /^https?:\/\//i;

/** Links never get a handle on this window; absolute web links open in a new tab. */
function MarkdownLink({ node: _node, href, children, ...rest }: LinkProps) {
  const external = href !== undefined && ABSOLUTE_HTTP.test(href);
  return (
    <a {...rest} href={href} rel="noopener noreferrer" {...(external ? { target: '_blank' } : {})}>
      {children}
    </a>
  );
}
type LinkProps = ComponentPropsWithoutRef<'a'> & { node?: unknown };

/** Wide tables scroll inside their container instead of overflowing it. */
function MarkdownTable({
  node: _node,
  ...rest
}: ComponentPropsWithoutRef<'table'> & { node?: unknown }) {
  return (
    <div style={{ overflowX: 'auto' }}>
      <table {...rest} />
    </div>
  );
}

const COMPONENTS: Components = { a: MarkdownLink, table: MarkdownTable };
const REMARK_PLUGINS: Options['remarkPlugins'] = [remarkGfm];
// GitHub's schema (rehype-sanitize's default): no raw HTML, scripts, iframes, styles, event
// handlers or javascript: URLs. Its "user-content-" id prefix is left off: the only ids left are
// the footnotes' ones, which markdown-to-HTML already prefixes, and prefixing twice would break
// the footnote links.
const SCHEMA = { ...defaultSchema, clobberPrefix: '' };
const REHYPE_PLUGINS: Options['rehypePlugins'] = [[rehypeSanitize, SCHEMA]];

/**
 * Markdown written by task owners, rendered as React elements (never through innerHTML) with
 * GitHub-flavoured extensions (tables, task lists, strikethrough, autolinks). Raw HTML in the
 * source is not rendered, and the result is sanitized with GitHub's schema.
 */
export function Markdown({ children, ...props }: { children: string } & TypographyProps) {
  return (
    <Typography {...props}>
      <ReactMarkdown
        remarkPlugins={REMARK_PLUGINS}
        rehypePlugins={REHYPE_PLUGINS}
        components={COMPONENTS}
      >
        {children}
      </ReactMarkdown>
    </Typography>
  );
}
