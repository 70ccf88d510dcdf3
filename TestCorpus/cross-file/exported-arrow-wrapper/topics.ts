export async function subscribeToTopics(userId: string, topics: string[]): Promise<void> {
  await fetch(`https://api.example.com/users/${userId}/topics`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ topics }),
  });
}
