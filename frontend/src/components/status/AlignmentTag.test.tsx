import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import { AlignmentTag } from './AlignmentTag.js';

test('shows the score, or Blocked, with the reasons for screen readers', () => {
  const { rerender } = render(
    <AlignmentTag
      alignment={{
        score: 91.25,
        blocked: false,
        terms: null,
        reasons: [{ code: 'coursePreference', message: 'Strongly prefers MATH 101.' }],
      }}
    />,
  );
  expect(screen.getByLabelText('Alignment 91.25: Strongly prefers MATH 101.')).toHaveTextContent(
    '91',
  );
  rerender(
    <AlignmentTag
      alignment={{
        score: 0,
        blocked: true,
        terms: null,
        reasons: [{ code: 'prohibited', message: 'Will not teach this course.' }],
      }}
    />,
  );
  expect(screen.getByText('Blocked')).toBeInTheDocument();
  rerender(<AlignmentTag alignment={null} />);
  expect(screen.getByText('—')).toBeInTheDocument();
});
