import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import { ProcessingMessage } from './ProcessingMessage.js';

test('spec §2: the two messages of long operations, announced politely', () => {
  const { rerender } = render(<ProcessingMessage />);
  expect(screen.getByRole('status')).toHaveTextContent('Processing Data...');
  rerender(<ProcessingMessage complex />);
  expect(screen.getByRole('status')).toHaveTextContent(
    'Processing Complex Data. This May Take a While...',
  );
});
